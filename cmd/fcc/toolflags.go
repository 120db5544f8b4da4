package main

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
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
