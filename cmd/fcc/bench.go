package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// benchResult is one data set's entry in a --json file, in the layout of
// futhark bench --json: the run times in microseconds, the memory used
// per memory space (fcc does not measure it yet, so the object is empty),
// and the executable's standard error.
type benchResult struct {
	Runtimes []int64          `json:"runtimes"`
	Bytes    map[string]int64 `json:"bytes"`
	Stderr   string           `json:"stderr"`
}

// benchProgram is one program's entry in a --json file. Datasets maps a
// data set's name to a benchResult, or to an error message (a string)
// when the data set failed, as futhark bench writes them.
type benchProgram struct {
	Datasets map[string]any `json:"datasets"`
}

// benchCase is one data set of one entry point.
type benchCase struct {
	entry string
	c     *spec.Case
}

func cmdBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("bench", "[options] programs...", stdout, stderr)
	runs := fs.IntP("runs", "r", 10, "timed runs per data set (after one untimed warm-up run)")
	jsonFile := fs.String("json", "", "write all run times to this file, in the layout of futhark bench --json")
	backendName := fs.String("backend", "opencl", "the backend (only opencl)")
	passOptions := fs.StringArrayP("pass-option", "p", nil, "pass this option to the executable (repeatable), e.g. --pass-option=-dNVIDIA")
	entryPoint := fs.StringP("entry-point", "e", "", "only benchmark entry points with this name")
	exclude := fs.StringArray("exclude-case", nil, "skip data sets with this tag (repeatable; nobench, disable and no_opencl always)")
	timeout := fs.Duration("timeout", 30*time.Minute, "stop a data set that runs longer than this")
	noTerminal := fs.Bool("no-terminal", false, "print plain lines instead of a progress bar")
	tuningExt := fs.String("tuning", "tuning", "pass the program prog.fut the tuning file prog.fut.EXTENSION when it exists")
	noTuning := fs.Bool("no-tuning", false, "do not look for tuning files")
	skipCompilation := fs.Bool("skip-compilation", false, "do not compile: use the executable fcc build wrote (the program's path without .fut)")
	if code, done := parseFlags(fs, args, -1, stderr); done {
		return code
	}
	if code := checkBackend("bench", *backendName, stderr); code != 0 {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "fcc bench: no programs given (see fcc bench --help)")
		return 2
	}
	if *runs < 1 {
		fmt.Fprintf(stderr, "fcc bench: --runs must be at least 1, got %d\n", *runs)
		return 2
	}
	files, err := futFiles(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "fcc bench: %v\n", err)
		return 2
	}
	excluded := append(*exclude, "nobench", "disable", "no_opencl")
	tmp, err := os.MkdirTemp("", "fcc-bench-")
	if err != nil {
		return fail(stderr, err)
	}
	defer os.RemoveAll(tmp)

	results := map[string]*benchProgram{}
	failed := false
	fancy := !*noTerminal && isTerminal(stdout)
	for i, file := range files {
		s, err := spec.ParseFile(file)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed = true
			continue
		}
		cases := benchCases(s, *entryPoint, excluded)
		if len(cases) == 0 {
			continue // as futhark bench: a program without data sets is not even compiled
		}
		var exe string
		if *skipCompilation {
			// As futhark bench --skip-compilation: the executable that
			// fcc build wrote beside the program.
			exe = defaultOutput(file)
			if _, err := os.Stat(exe); err != nil {
				fmt.Fprintf(stderr, "fcc bench: --skip-compilation: no executable %s (build it with fcc build %s)\n", exe, file)
				failed = true
				continue
			}
			if !filepath.IsAbs(exe) && !strings.ContainsRune(exe, filepath.Separator) {
				exe = "." + string(filepath.Separator) + exe
			}
		} else {
			fmt.Fprintf(stdout, "Compiling %s...\n", file)
			exe = filepath.Join(tmp, fmt.Sprintf("%d-%s", i, strings.TrimSuffix(filepath.Base(file), ".fut")))
			err = guard("compiler", func() error {
				prog, err := compileGuarded(file, func(string, *soac.Program) {})
				if err != nil {
					return err
				}
				return buildExe(prog, exe)
			})
			if err != nil {
				fmt.Fprintf(stderr, "Compilation of %s failed:\n%s\n", file, indent(err.Error()))
				failed = true
				continue
			}
		}
		// The program's tuning file (fcc autotune writes it), as futhark
		// bench passes it, and named in the report.
		tuning := tuningFile(file, *tuningExt, *noTuning)
		exeOptions := append(tuningArgs(tuning), *passOptions...)
		using := ""
		if tuning != "" {
			using = " (using " + filepath.Base(tuning) + ")"
		}
		bar := newProgress(stdout, len(cases), fancy)
		width := 0
		for _, bc := range cases {
			width = max(width, len(clipName(bc.c.Name)))
		}
		lastEntry := ""
		for _, bc := range cases {
			key := file
			if bc.entry != "main" {
				key += ":" + bc.entry
			}
			if bc.entry != lastEntry {
				bar.Printf(stdout, "\n%s%s:\n", key, using)
				lastEntry = bc.entry
			}
			if results[key] == nil {
				results[key] = &benchProgram{Datasets: map[string]any{}}
			}
			bar.Note(clipName(bc.c.Name))
			res, err := benchDataset(exe, file, bc, *runs, exeOptions, *timeout)
			label := fmt.Sprintf("%-*s", width+1, clipName(bc.c.Name)+":")
			if err != nil {
				failed = true
				results[key].Datasets[bc.c.Name] = err.Error()
				bar.Printf(stdout, "%s failed\n", label)
				bar.Printf(stderr, "%s\n", indent(err.Error()))
			} else {
				results[key].Datasets[bc.c.Name] = res
				mean, sd := meanStddev(res.Runtimes)
				lo, hi := minMax(res.Runtimes)
				bar.Printf(stdout, "%s %10.0fμs (σ %.0fμs, %.1f%%; min %d, max %d; %d runs)\n",
					label, mean, sd, 100*sd/math.Max(mean, 1), lo, hi, len(res.Runtimes))
			}
			bar.Step(clipName(bc.c.Name))
		}
		bar.Done()
	}
	if *jsonFile != "" {
		data, err := json.MarshalIndent(results, "", "  ")
		if err == nil {
			err = os.WriteFile(*jsonFile, append(data, '\n'), 0o644)
		}
		if err != nil {
			return fail(stderr, err)
		}
	}
	if failed {
		return 1
	}
	return 0
}

// buildExe is pipeline.Build with fcc's default options.
func buildExe(prog *soac.Program, exe string) error {
	return pipeline.Build(prog, exe, backend.BuildOptions{})
}

// benchCases lists the data sets to benchmark: every case of every block
// on each of its entry points, except expected failures and excluded tags.
func benchCases(s *spec.Spec, entry string, excluded []string) []benchCase {
	if s.CompileError != nil {
		return nil
	}
	for _, t := range excluded {
		if s.HasTag(t) {
			return nil
		}
	}
	var out []benchCase
	for _, b := range s.Blocks {
		for _, e := range b.Entries {
			if entry != "" && e != entry {
				continue
			}
		cases:
			for _, c := range b.Cases {
				if c.Expected.Kind == spec.ExpectError {
					continue
				}
				for _, t := range excluded {
					if c.HasTag(t) {
						continue cases
					}
				}
				out = append(out, benchCase{e, c})
			}
		}
	}
	return out
}

// benchDataset runs the executable once with -r runs -t FILE (it does
// one untimed warm-up run first) and checks its result against the
// expected output when the case gives one.
func benchDataset(exe, file string, bc benchCase, runs int, passOptions []string, timeout time.Duration) (*benchResult, error) {
	input, err := caseInput(exe, bc.entry, bc.c, file, passOptions)
	if err != nil {
		return nil, err
	}
	tfile, err := os.CreateTemp("", "fcc-runtimes-")
	if err != nil {
		return nil, err
	}
	tfile.Close()
	defer os.Remove(tfile.Name())
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append([]string{"-b", "-e", bc.entry, "-r", strconv.Itoa(runs), "-t", tfile.Name()}, passOptions...)
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("execution exceeded %v", timeout)
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s", msg)
	}
	data, err := os.ReadFile(tfile.Name())
	if err != nil {
		return nil, err
	}
	res := &benchResult{Bytes: map[string]int64{}, Stderr: stderr.String()}
	for _, f := range strings.Fields(string(data)) {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("malformed run time %q in the executable's -t file", f)
		}
		res.Runtimes = append(res.Runtimes, n)
	}
	if len(res.Runtimes) != runs {
		return nil, fmt.Errorf("the executable reported %d run times for -r %d", len(res.Runtimes), runs)
	}
	switch bc.c.Expected.Kind {
	case spec.ExpectValues, spec.ExpectFile:
		got, err := spec.ReadValues(stdout.Bytes())
		if err != nil {
			return nil, fmt.Errorf("unreadable output: %v", err)
		}
		want, err := bc.c.ExpectedData(filepath.Dir(file))
		if err != nil {
			return nil, err
		}
		wv, err := spec.ReadExpected(want, got)
		if err != nil {
			return nil, fmt.Errorf("expected output: %v", err)
		}
		if m := spec.Compare(wv, got); m != nil {
			return nil, fmt.Errorf("wrong result: %s", m.Msg)
		}
	}
	return res, nil
}

// clipName shortens data set names in the report (not in --json), as
// futhark bench does at 40 characters.
func clipName(s string) string {
	if len(s) > 40 {
		return s[:40]
	}
	return s
}

func meanStddev(xs []int64) (mean, sd float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += float64(x)
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (float64(x) - mean) * (float64(x) - mean)
	}
	if len(xs) > 1 {
		sd = math.Sqrt(sd / float64(len(xs)-1))
	} else {
		sd = 0
	}
	return mean, sd
}

func minMax(xs []int64) (lo, hi int64) {
	if len(xs) == 0 {
		return 0, 0
	}
	lo, hi = xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}
