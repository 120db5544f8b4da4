package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/fcclang/fcc/tests/spec"
)

// timeoutFlag is --timeout of fcc test and fcc bench. It takes Futhark's
// form, an integral number of seconds where a negative one means no limit
// (futhark bench --timeout=60), and also a Go duration ("90s", "10m").
// No limit is stored as 0.
type timeoutFlag struct{ d *time.Duration }

func (t timeoutFlag) String() string {
	if t.d == nil {
		return ""
	}
	return t.d.String()
}

func (t timeoutFlag) Type() string { return "SECONDS" }

func (t timeoutFlag) Set(v string) error {
	d, err := parseTimeout(v)
	if err != nil {
		return err
	}
	*t.d = d
	return nil
}

// parseTimeout reads a --timeout value; 0 is no limit.
func parseTimeout(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0, nil
		}
		if n > math.MaxInt64/int64(time.Second) {
			return 0, nil // longer than any run: as good as none
		}
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a number of seconds nor a duration such as 90s or 10m", v)
	}
	if d < 0 {
		return 0, nil
	}
	return d, nil
}

// ignoreFiles drops the files whose path matches any of the regular
// expressions of --ignore-files, as futhark test and futhark bench do.
func ignoreFiles(files []string, patterns []string) ([]string, error) {
	res := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("--ignore-files %q: %v", p, err)
		}
		res[i] = re
	}
	var kept []string
next:
	for _, f := range files {
		for _, re := range res {
			if re.MatchString(f) {
				continue next
			}
		}
		kept = append(kept, f)
	}
	return kept, nil
}

// cacheArgs are the executable's options for --cache-extension: program
// prog.fut gets --cache-file prog.fut.EXTENSION (absolute, since the
// executable may run elsewhere). No extension, no option.
func cacheArgs(program, ext string) []string {
	ext = strings.TrimPrefix(ext, ".")
	if ext == "" {
		return nil
	}
	path := program + "." + ext
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return []string{"--cache-file", path}
}

// readSpecFile reads --spec-file: a test specification written without
// the line comment prefixes (a "==" line still starts each block), which
// replaces the ones in the programs.
func readSpecFile(path string) (*spec.Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--spec-file: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i, l := range lines {
		// Line i of the file stays line i, so errors point into it.
		lines[i] = strings.TrimRight("-- "+l, " ")
	}
	s, err := spec.Parse(path, strings.Join(lines, "\n")+"\n")
	if err != nil {
		return nil, err
	}
	if !s.HasBlock {
		return nil, fmt.Errorf("--spec-file %s: no test block (a line \"==\" starts one)", path)
	}
	return s, nil
}

// withRunner returns the executable to run for --runner: a script in dir
// that runs runner with exe as its first argument and the executable's
// options after it, as futhark test and futhark bench run a runner. No
// runner, exe itself.
func withRunner(dir, runner, exe string) (string, error) {
	if runner == "" {
		return exe, nil
	}
	abs, err := filepath.Abs(exe)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, filepath.Base(exe)+"-runner-")
	if err != nil {
		return "", err
	}
	script := "#!/bin/sh\nexec " + shellQuote(runner) + " " + shellQuote(abs) + " \"$@\"\n"
	if _, err := f.WriteString(script); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), os.Chmod(f.Name(), 0o755)
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
