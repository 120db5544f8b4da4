package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// benchResult is one data set's entry in a --json file, in the layout of
// futhark bench --json: the run times in microseconds, the memory used
// per memory space (the peak the server's report gives, when the data set
// ran in a server), the executable's standard error, and with --profile
// the server's profiling report of the data set's calls.
type benchResult struct {
	Runtimes  []int64          `json:"runtimes"`
	Bytes     map[string]int64 `json:"bytes"`
	Stderr    string           `json:"stderr"`
	Profiling json.RawMessage  `json:"profiling,omitempty"`
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
	runs := fs.IntP("runs", "r", 10, "timed runs of the initial phase per data set (after one untimed warm-up run); exactly this many with --no-convergence-phase")
	noConvergence := fs.Bool("no-convergence-phase", false, "make exactly --runs runs: no minimum time, no convergence phase")
	convergenceMax := fs.Int("convergence-max-seconds", 300, "stop the convergence phase after this many seconds, converged or not")
	jsonFile := fs.String("json", "", "write all run times to this file, in the layout of futhark bench --json")
	plotFile := fs.String("plot", "", "draw the mean run times with their 95% confidence intervals to this file (.svg, .png or .pdf)")
	backendName := fs.String("backend", "opencl", "the backend (only opencl)")
	passOptions := fs.StringArrayP("pass-option", "p", nil, "pass this option to the executable (repeatable), e.g. --pass-option=-dNVIDIA")
	entryPoint := fs.StringP("entry-point", "e", "", "only benchmark entry points with this name")
	exclude := fs.StringArray("exclude-case", nil, "skip data sets with this tag (repeatable; nobench, disable and no_opencl always)")
	timeout := new(time.Duration)
	*timeout = 30 * time.Minute
	fs.Var(timeoutFlag{timeout}, "timeout", "stop a data set whose runs together take longer than this: seconds (negative: no limit) or a duration such as 10m")
	ignore := fs.StringArray("ignore-files", nil, "skip the programs whose path matches this regular expression (repeatable)")
	cacheExt := fs.String("cache-extension", "", "pass the program prog.fut --cache-file prog.fut.EXTENSION (the compiled OpenCL program is kept there)")
	verbose := fs.BoolP("verbose", "v", false, "print on standard error each program's server command and each data set's run times")
	concurrency := fs.Int("concurrency", runtime.NumCPU(), "the number of programs to compile at once (the runs are one at a time)")
	specFile := fs.String("spec-file", "", "take the test specification from this file (written without the -- prefixes) instead of the programs")
	suffix := fs.String("suffix", "", "append this to the program's name without .fut to name its executable")
	runner := fs.String("runner", "", "run the executables through this program, which gets the executable's path as its first argument")
	profile := fs.Bool("profile", false, "run the executables with profiling and logging (-P -L) and save each data set's profiling report in the --json file (which is then required)")
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
	if *profile && *jsonFile == "" {
		fmt.Fprintln(stderr, "fcc bench: --profile needs --json: the profiling reports are saved in that file")
		return 2
	}
	if *timeout == 0 {
		*timeout = time.Duration(math.MaxInt64) // no limit
	}
	if *concurrency < 1 {
		fmt.Fprintf(stderr, "fcc bench: --concurrency must be at least 1, got %d\n", *concurrency)
		return 2
	}
	if *runs < 1 {
		fmt.Fprintf(stderr, "fcc bench: --runs must be at least 1, got %d\n", *runs)
		return 2
	}
	if *convergenceMax < 1 {
		fmt.Fprintf(stderr, "fcc bench: --convergence-max-seconds must be a positive integer, got %d\n", *convergenceMax)
		return 2
	}
	if *plotFile != "" {
		if err := checkPlotFile(*plotFile); err != nil {
			fmt.Fprintf(stderr, "fcc bench: --plot: %v\n", err)
			return 2
		}
	}
	policy := benchPolicy{
		Runs:           *runs,
		Convergence:    !*noConvergence,
		MinTime:        500 * time.Millisecond,
		MaxConvergence: time.Duration(*convergenceMax) * time.Second,
		TargetRSE:      0.01,
	}
	files, err := futFiles(fs.Args())
	if err == nil {
		files, err = ignoreFiles(files, *ignore)
	}
	if err != nil {
		fmt.Fprintf(stderr, "fcc bench: %v\n", err)
		return 2
	}
	var fixedSpec *spec.Spec
	if *specFile != "" {
		if fixedSpec, err = readSpecFile(*specFile); err != nil {
			fmt.Fprintf(stderr, "fcc bench: %v\n", err)
			return 2
		}
	}
	excluded := append(*exclude, "nobench", "disable", "no_opencl")
	tmp, err := os.MkdirTemp("", "fcc-bench-")
	if err != nil {
		return fail(stderr, err)
	}
	defer os.RemoveAll(tmp)
	results := map[string]*benchProgram{}
	var plotted []plotPoint
	failed := false
	fancy := !*noTerminal && isTerminal(stdout)
	// The programs are compiled --concurrency at a time, ahead of the
	// runs, which are one at a time so that they do not disturb each other.
	preps := prepareBench(files, fixedSpec, *entryPoint, excluded, *suffix, !*skipCompilation, *concurrency)
	for i, file := range files {
		p := preps[i]
		if p.err != nil {
			fmt.Fprintln(stderr, p.err)
			failed = true
			continue
		}
		cases := p.cases
		if len(cases) == 0 {
			continue // as futhark bench: a program without data sets is not even compiled
		}
		exe := p.exe
		if *skipCompilation {
			if _, err := os.Stat(exe); err != nil {
				fmt.Fprintf(stderr, "fcc bench: --skip-compilation: no executable %s (build it with fcc build %s)\n", exe, file)
				failed = true
				continue
			}
		} else {
			fmt.Fprintf(stdout, "Compiling %s...\n", file)
			<-p.build.done
			if err := p.build.err; err != nil {
				fmt.Fprintf(stderr, "Compilation of %s failed:\n%s\n", file, indent(err.Error()))
				failed = true
				continue
			}
		}
		if !filepath.IsAbs(exe) && !strings.ContainsRune(exe, filepath.Separator) {
			exe = "." + string(filepath.Separator) + exe
		}
		if exe, err = withRunner(tmp, *runner, exe); err != nil {
			return fail(stderr, err)
		}
		// The program's tuning file (fcc autotune writes it), as futhark
		// bench passes it, and named in the report.
		tuning := tuningFile(file, *tuningExt, *noTuning)
		exeOptions := append(append(tuningArgs(tuning), cacheArgs(file, *cacheExt)...), *passOptions...)
		if *profile {
			// As futhark bench --profile: profiling and logging.
			exeOptions = append(exeOptions, "-P", "-L")
		}
		srv := newProgramServer(exe, exeOptions, tmp)
		if *verbose {
			fmt.Fprintf(stderr, "Running %s\n", strings.Join(append([]string{exe, "--server"}, exeOptions...), " "))
		}
		srv.profile = *profile
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
			name := clipName(bc.c.Name)
			var shown time.Time
			res, converged, err := benchDataset(exe, file, bc, policy, exeOptions, *timeout, srv, func(runs int) {
				// A terminal line redrawn at most ten times a second.
				if time.Since(shown) >= 100*time.Millisecond {
					shown = time.Now()
					bar.Note(fmt.Sprintf("%s: %d runs", name, runs))
				}
			})
			label := fmt.Sprintf("%-*s", width+1, name+":")
			if err != nil {
				failed = true
				results[key].Datasets[bc.c.Name] = err.Error()
				bar.Printf(stdout, "%s failed\n", label)
				bar.Printf(stderr, "%s\n", indent(err.Error()))
			} else {
				results[key].Datasets[bc.c.Name] = res
				if *verbose {
					bar.Printf(stderr, "%s: run times (μs): %s\n", name, strings.Trim(fmt.Sprint(res.Runtimes), "[]"))
				}
				st := summarise(res.Runtimes)
				note := ""
				if !converged {
					note = fmt.Sprintf("; not converged in %ds", *convergenceMax)
				}
				bar.Printf(stdout, "%s %10.0fμs (95%% CI: [%.1f, %.1f]; RSE %.1f%%; %d runs%s)\n",
					label, st.Mean, st.CILow, st.CIHigh, 100*st.RSE, st.N, note)
				plotted = append(plotted, plotPoint{Label: key + " " + name, Stats: st})
			}
			bar.Step(clipName(bc.c.Name))
		}
		bar.Done()
		srv.Close()
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
	if *plotFile != "" && len(plotted) > 0 {
		if err := plotRuntimes(*plotFile, plotted); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "Wrote %s\n", *plotFile)
	}
	if failed {
		return 1
	}
	return 0
}

// benchPrep is one program of fcc bench made ready: its data sets, its
// executable, and the compilation that writes it (nil when not compiled).
type benchPrep struct {
	cases []benchCase
	exe   string
	err   error // the test specification's
	build *benchBuild
}

// benchBuild is a compilation in progress: err is set when done closes.
type benchBuild struct {
	done chan struct{}
	err  error
}

// prepareBench reads the programs' data sets and, with compile, starts
// compiling each program that has some, at most jobs at once. The
// executable is written beside the program (plus suffix), as futhark
// bench does, so that --skip-compilation can use it later; a program
// named twice is compiled once.
func prepareBench(files []string, fixed *spec.Spec, entry string, excluded []string, suffix string, compile bool, jobs int) []benchPrep {
	preps := make([]benchPrep, len(files))
	builds := map[string]*benchBuild{}
	sem := make(chan struct{}, jobs)
	for i, file := range files {
		p := &preps[i]
		s := fixed
		if s == nil {
			if s, p.err = spec.ParseFile(file); p.err != nil {
				continue
			}
		}
		p.cases = benchCases(s, entry, excluded)
		p.exe = defaultOutput(file) + suffix
		if len(p.cases) == 0 || !compile {
			continue
		}
		if b := builds[p.exe]; b != nil {
			p.build = b
			continue
		}
		b := &benchBuild{done: make(chan struct{})}
		builds[p.exe], p.build = b, b
		go func(file, exe string) {
			sem <- struct{}{}
			defer func() { <-sem }()
			b.err = guard("compiler", func() error {
				prog, err := compileGuarded(file, func(string, *soac.Program) {})
				if err != nil {
					return err
				}
				return buildExe(prog, exe)
			})
			close(b.done)
		}(file, p.exe)
	}
	return preps
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

// benchDataset measures one data set by the policy (runs of the
// executable, in batches) and checks the first batch's result against the
// expected output when the case gives one. onRun reports progress: the
// runs done so far in this data set.
//
// With a server (fcc bench's way, as futhark bench's), the runs are calls
// of the program's server; without one (fcc autotune's, which starts a
// process per candidate setting), each batch is a process.
func benchDataset(exe, file string, bc benchCase, policy benchPolicy, passOptions []string, timeout time.Duration, srv *programServer, onRun func(int)) (*benchResult, bool, error) {
	dir := filepath.Dir(file)
	input, err := caseInput(exe, bc.entry, bc.c, file, passOptions)
	if err != nil {
		return nil, false, err
	}
	if srv != nil {
		res, converged, err := benchServer(srv, dir, bc, input, policy, timeout, onRun)
		if !errors.Is(err, errOpaqueResults) {
			return res, converged, err
		}
	}
	b := &exeBatches{
		exe:     exe,
		args:    append([]string{"-b", "-e", bc.entry}, passOptions...),
		input:   input,
		timeout: timeout,
	}
	if timeout < 100*365*24*time.Hour {
		b.deadline = time.Now().Add(timeout)
	}
	done := 0
	b.onRun = func(n int) { onRun(done + n) }
	checked := false
	m, err := measure(policy, func(n int) ([]int64, error) {
		times, err := b.run(n)
		if err != nil {
			return nil, err
		}
		done += n
		if !checked {
			checked = true
			if err := checkBenchOutput(bc, dir, b.stdout); err != nil {
				return nil, err
			}
		}
		return times, nil
	}, time.Now)
	if err != nil {
		return nil, false, err
	}
	return &benchResult{Runtimes: m.Runtimes, Bytes: map[string]int64{}, Stderr: b.stderr}, m.Converged, nil
}

// benchServer measures a data set through the program's server.
func benchServer(srv *programServer, dir string, bc benchCase, input []byte, policy benchPolicy, timeout time.Duration, onRun func(int)) (*benchResult, bool, error) {
	check := bc.c.Expected.Kind == spec.ExpectValues || bc.c.Expected.Kind == spec.ExpectFile
	var deadline time.Time
	if timeout < 100*365*24*time.Hour {
		deadline = time.Now().Add(timeout)
	}
	r, err := srv.startRuns(bc.entry, input, check, deadline, timeout)
	if err != nil {
		return nil, false, err
	}
	defer r.close()
	if check {
		if err := checkBenchOutput(bc, dir, r.result); err != nil {
			return nil, false, err
		}
	}
	done := 0
	r.onRun = func(n int) { onRun(done + n) }
	m, err := measure(policy, func(n int) ([]int64, error) {
		times, err := r.run(n)
		done += n
		return times, err
	}, time.Now)
	if err != nil {
		return nil, false, err
	}
	res := &benchResult{Runtimes: m.Runtimes, Bytes: map[string]int64{}, Stderr: ""}
	if err := r.report(res); err != nil {
		return nil, false, err
	}
	return res, m.Converged, nil
}

// checkBenchOutput compares a run's output with the case's expected
// values, when it has them.
func checkBenchOutput(bc benchCase, dir string, stdout []byte) error {
	switch bc.c.Expected.Kind {
	case spec.ExpectValues, spec.ExpectFile:
		got, err := spec.ReadValues(stdout)
		if err != nil {
			return fmt.Errorf("unreadable output: %v", err)
		}
		want, err := bc.c.ExpectedData(dir)
		if err != nil {
			return err
		}
		wv, err := spec.ReadExpected(want, got)
		if err != nil {
			return fmt.Errorf("expected output: %v", err)
		}
		if m := spec.Compare(wv, got); m != nil {
			return fmt.Errorf("wrong result: %s", m.Msg)
		}
	}
	return nil
}

// clipName shortens data set names in the report (not in --json), as
// futhark bench does at 40 characters.
func clipName(s string) string {
	if len(s) > 40 {
		return s[:40]
	}
	return s
}
