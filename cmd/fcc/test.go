package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// testOptions are fcc test's settings.
type testOptions struct {
	interpreted bool
	compileOnly bool
	typeCheck   bool
	structure   bool
	jobs        int
	entry       string
	exclude     []string
	passOptions []string
	timeout     time.Duration
	noTerminal  bool
	verbose     bool
	tuningExt   string
	noTuning    bool
	cacheExt    string
	ignore      []string
	runner      string
}

func cmdTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("test", "[options] programs-or-folders...", stdout, stderr)
	var o testOptions
	fs.BoolVarP(&o.interpreted, "interpreted", "i", false, "run the test cases in the interpreter instead of compiled code")
	fs.BoolP("compiled", "c", false, "run compiled code (the default)")
	fs.BoolVarP(&o.compileOnly, "compile-only", "C", false, "compile the programs, but do not run them")
	fs.BoolVarP(&o.typeCheck, "typecheck", "t", false, "type-check the programs, but do not run them")
	// fcc's frontend type-checks and internalises in one step, so futhark
	// test -I (the frontend, internalisation included) is -t here.
	fs.BoolVarP(&o.typeCheck, "internalise", "I", false, "pass the programs through the frontend (type checking and internalisation), but do not run them; the same as -t")
	fs.BoolVarP(&o.structure, "structure", "s", false, "run only the structure tests (IR counts after a pipeline)")
	fs.IntVarP(&o.jobs, "concurrency", "j", runtime.NumCPU(), "the number of test cases to run at once")
	fs.StringVarP(&o.entry, "entry-point", "e", "", "only run entry points with this name")
	fs.StringArrayVar(&o.exclude, "exclude", nil, "do not run test cases with this tag (repeatable; notest and disable always, no_opencl when compiled)")
	fs.StringArrayVar(&o.passOptions, "pass-option", nil, "pass this option to the compiled programs (repeatable)")
	backendName := fs.String("backend", "opencl", "the backend of compiled programs (only opencl)")
	o.timeout = 10 * time.Minute
	fs.Var(timeoutFlag{&o.timeout}, "timeout", "stop a compiled test case that runs longer than this: seconds (negative: no limit) or a duration such as 10m")
	fs.StringVar(&o.cacheExt, "cache-extension", "", "pass the compiled program prog.fut --cache-file prog.fut.EXTENSION (the compiled OpenCL program is kept there)")
	fs.StringVar(&o.runner, "runner", "", "run the compiled programs through this program, which gets the executable's path as its first argument")
	fs.StringArrayVar(&o.ignore, "ignore-files", nil, "skip the programs whose path matches this regular expression (repeatable)")
	fs.BoolVar(&o.noTerminal, "no-terminal", false, "print plain lines instead of a progress bar")
	fs.BoolVarP(&o.verbose, "verbose", "v", false, "print every test case, not only failures")
	fs.StringVar(&o.tuningExt, "tuning", "tuning", "pass the compiled program prog.fut the tuning file prog.fut.EXTENSION when it exists")
	fs.BoolVar(&o.noTuning, "no-tuning", false, "do not look for tuning files")
	if code, done := parseFlags(fs, args, -1, stderr); done {
		return code
	}
	if code := checkBackend("test", *backendName, stderr); code != 0 {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "fcc test: no programs or folders given (see fcc test --help)")
		return 2
	}
	if o.jobs < 1 {
		o.jobs = 1
	}
	o.exclude = append(o.exclude, "notest", "disable")
	if !o.interpreted {
		// Futhark skips cases tagged no_BACKEND for the backend in use;
		// the interpreter is no backend.
		o.exclude = append(o.exclude, "no_opencl")
	}
	files, err := futFiles(fs.Args())
	if err == nil {
		files, err = ignoreFiles(files, o.ignore)
	}
	if err != nil {
		fmt.Fprintf(stderr, "fcc test: %v\n", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "fcc-test-")
	if err != nil {
		return fail(stderr, err)
	}
	defer os.RemoveAll(tmp)
	r := &testRunner{o: o, stdout: stdout, stderr: stderr, tmp: tmp}
	return r.run(files)
}

// checkBackend accepts the one backend fcc has.
func checkBackend(cmd, name string, stderr io.Writer) int {
	if name != "opencl" {
		fmt.Fprintf(stderr, "fcc %s: backend %q is not supported: fcc compiles to OpenCL only (--backend=opencl)\n", cmd, name)
		return 2
	}
	return 0
}

// futFiles expands folders to the .fut files below them (sorted); files
// are kept as given, whatever their extension.
func futFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".fut") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

// exeArgs are the options a compiled program gets before --pass-option's:
// its tuning file and its cache file.
func (r *testRunner) exeArgs(program string) []string {
	return append(tuningArgs(tuningFile(program, r.o.tuningExt, r.o.noTuning)), cacheArgs(program, r.o.cacheExt)...)
}

// testRunner runs the test cases of many programs concurrently.
type testRunner struct {
	o              testOptions
	stdout, stderr io.Writer
	tmp            string
	prog           *progress
	passed         atomic.Int64
	failed         atomic.Int64
	skipped        atomic.Int64
}

// testProgram is one program under test; it is compiled at most once,
// by whichever of its cases needs it first.
type testProgram struct {
	path  string
	index int
	spec  *spec.Spec
	tasks []func() error // one per test case; nil error is a pass

	once     sync.Once
	internal *soac.Program // the frontend's output: what the interpreter runs
	final    *soac.Program // after every pass
	exe      string
	server   *programServer // runs the compiled program's cases
	err      error
	reported atomic.Bool // the compile error was printed

	remaining atomic.Int64
	failures  atomic.Int64

	refMu sync.Mutex
	refs  map[string][]values.Value // auto output reference results
}

// skip marks a case as skipped, with the reason when verbose.
type skipErr struct{ why string }

func (e skipErr) Error() string { return e.why }

func (r *testRunner) run(files []string) int {
	var progs []*testProgram
	for i, f := range files {
		p := &testProgram{path: f, index: i, refs: map[string][]values.Value{}}
		s, err := spec.ParseFile(f)
		if err != nil {
			p.tasks = []func() error{func() error { return err }}
		} else {
			p.spec = s
			r.plan(p)
		}
		p.remaining.Store(int64(len(p.tasks)))
		progs = append(progs, p)
	}
	total := 0
	for _, p := range progs {
		total += len(p.tasks)
	}
	r.prog = newProgress(r.stdout, total, !r.o.noTerminal && isTerminal(r.stdout))
	start := time.Now()
	sem := make(chan struct{}, r.o.jobs)
	var wg sync.WaitGroup
	for _, p := range progs {
		for _, task := range p.tasks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				err := task()
				<-sem
				r.finish(p, err)
			}()
		}
	}
	wg.Wait()
	r.prog.Done()
	summary := fmt.Sprintf("%d passed, %d failed", r.passed.Load(), r.failed.Load())
	if n := r.skipped.Load(); n > 0 {
		summary += fmt.Sprintf(", %d skipped", n)
	}
	fmt.Fprintf(r.stdout, "%s (%.1fs)\n", summary, time.Since(start).Seconds())
	if r.failed.Load() > 0 {
		return 1
	}
	return 0
}

// finish records the outcome of one task.
func (r *testRunner) finish(p *testProgram, err error) {
	var skip skipErr
	switch {
	case err == nil:
		r.passed.Add(1)
	case errors.As(err, &skip):
		r.skipped.Add(1)
		if r.o.verbose {
			r.prog.Printf(r.stdout, "skip %s\n", err)
		}
	default:
		r.failed.Add(1)
		p.failures.Add(1)
		if msg := err.Error(); msg != "" {
			r.prog.Printf(r.stderr, "%s\n", msg)
		}
	}
	note := filepath.Base(p.path)
	if n := r.failed.Load(); n > 0 {
		note = fmt.Sprintf("%d failed  %s", n, note)
	}
	r.prog.Step(note)
	left := p.remaining.Add(-1)
	if left == 0 && p.server != nil {
		p.server.Close()
	}
	if left == 0 && !r.prog.fancy {
		if n := p.failures.Load(); n > 0 {
			r.prog.Printf(r.stdout, "FAIL %s (%d of %d cases failed)\n", p.path, n, len(p.tasks))
		} else {
			r.prog.Printf(r.stdout, "ok   %s (%d cases)\n", p.path, len(p.tasks))
		}
	}
}

// excluded reports whether any of tags is excluded.
func (r *testRunner) excluded(tags []string) string {
	for _, t := range tags {
		for _, x := range r.o.exclude {
			if t == x {
				return t
			}
		}
	}
	return ""
}

// plan makes the tasks of one program according to its spec and the mode.
func (r *testRunner) plan(p *testProgram) {
	s := p.spec
	if tag := r.excluded(s.Tags); tag != "" {
		p.tasks = append(p.tasks, func() error { return skipErr{fmt.Sprintf("%s: tagged %s", p.path, tag)} })
		return
	}
	mode := "compiled"
	if r.o.interpreted {
		mode = "interpreted"
	}
	switch {
	case r.o.structure:
		for _, st := range s.Structure {
			p.tasks = append(p.tasks, func() error { return r.structureTest(p, st) })
		}
		return
	case s.CompileError != nil:
		p.tasks = append(p.tasks, func() error { return r.compileErrorTest(p) })
		return
	case r.o.typeCheck:
		p.tasks = append(p.tasks, func() error {
			err := guard("frontend", func() error {
				_, err := frontend.Compile(p.path, readSource(p.path))
				return err
			})
			if err != nil {
				return fmt.Errorf("FAIL %s: %v", p.path, err)
			}
			return nil
		})
		return
	case r.o.compileOnly:
		if !r.o.interpreted {
			p.tasks = append(p.tasks, func() error { return r.prepare(p) })
		}
		return
	}
	for _, name := range s.Properties {
		p.tasks = append(p.tasks, func() error {
			return skipErr{fmt.Sprintf("%s: property %s: property-based tests are not supported by fcc", p.path, name)}
		})
	}
	runnable := false
	for _, b := range s.Blocks {
		for _, entry := range b.Entries {
			if r.o.entry != "" && entry != r.o.entry {
				continue
			}
			for _, c := range b.Cases {
				where := fmt.Sprintf("%s:%d: entry %s, data set %s (%s)", p.path, c.Line, entry, c.Name, mode)
				switch {
				case r.excluded(c.Tags) != "":
					p.tasks = append(p.tasks, func() error { return skipErr{where + ": tagged " + r.excluded(c.Tags)} })
				case r.o.interpreted && c.HasTag("compiled"):
					p.tasks = append(p.tasks, func() error { return skipErr{where + ": compiled only"} })
				default:
					runnable = true
					p.tasks = append(p.tasks, func() error { return r.runCase(p, entry, c, where) })
				}
			}
		}
	}
	// A program with a test block none of whose cases can run here is
	// still compiled (as far as the mode goes), so that it cannot pass
	// without being type-checked.
	if !runnable && len(s.Blocks) > 0 {
		p.tasks = append(p.tasks, func() error { return r.prepare(p) })
	}
}

// guard runs one compiler step and turns a panic into an error, so that
// a compiler bug fails the program's cases instead of ending fcc test.
func guard(what string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal compiler error (%s): %v", what, r)
		}
	}()
	return f()
}

// compileGuarded is pipeline.Compile behind guard.
func compileGuarded(path string, after func(string, *soac.Program)) (prog *soac.Program, err error) {
	err = guard("frontend and passes", func() error {
		prog, err = pipeline.Compile(path, readSource(path), after)
		return err
	})
	return prog, err
}

func readSource(path string) string {
	// An unreadable file fails earlier, in spec.ParseFile.
	src, _ := readSourceFile(path)
	return src
}

// prepare compiles a program once: the frontend and every pass, and in
// compiled mode an executable. A program the backend cannot compile yet
// fails its own cases; the first of them reports why.
func (r *testRunner) prepare(p *testProgram) error {
	p.once.Do(func() {
		if _, err := os.Stat(p.path); err != nil {
			p.err = err
			return
		}
		p.final, p.err = compileGuarded(p.path, func(pass string, q *soac.Program) {
			if pass == pipeline.Internalise {
				p.internal = q
			}
		})
		if p.err != nil || r.o.interpreted {
			return
		}
		name := strings.TrimSuffix(filepath.Base(p.path), ".fut")
		p.exe = filepath.Join(r.tmp, fmt.Sprintf("%d-%s", p.index, name))
		p.err = guard("backend", func() error { return pipeline.Build(p.final, p.exe, backend.BuildOptions{}) })
		if p.err == nil {
			p.exe, p.err = withRunner(r.tmp, r.o.runner, p.exe)
		}
		if p.err == nil {
			args := append(r.exeArgs(p.path), r.o.passOptions...)
			p.server = newProgramServer(p.exe, args, r.tmp)
		}
	})
	if p.err == nil {
		return nil
	}
	if p.reported.CompareAndSwap(false, true) {
		return fmt.Errorf("FAIL %s: compilation failed:\n%s", p.path, indent(p.err.Error()))
	}
	// The reason is printed once; the other cases only count as failed.
	return errors.New("")
}

// compileErrorTest checks that a program is rejected with the expected
// message.
func (r *testRunner) compileErrorTest(p *testProgram) error {
	e := p.spec.CompileError
	_, err := compileGuarded(p.path, nil)
	switch {
	case err == nil:
		return fmt.Errorf("FAIL %s:%d: compiled, but the test block expects the compile-time error %q", p.path, e.Line, e.Text)
	case !e.Matches(err.Error()):
		return fmt.Errorf("FAIL %s:%d: the compile-time error does not match %q:\n%s", p.path, e.Line, e.Text, indent(err.Error()))
	}
	return nil
}

// runCase runs one data set on one entry point and checks the result.
func (r *testRunner) runCase(p *testProgram, entry string, c *spec.Case, where string) error {
	failf := func(format string, args ...any) error {
		return fmt.Errorf("FAIL %s\n%s", where, indent(fmt.Sprintf(format, args...)))
	}
	if err := r.prepare(p); err != nil {
		return err
	}
	if r.o.interpreted && c.Input.Kind == spec.InputScript {
		return skipErr{where + ": script inputs need the compiled program's server mode"}
	}
	var got []values.Value
	var runErr error
	if !r.o.interpreted && c.Input.Kind == spec.InputScript && c.Expected.Kind != spec.ExpectAuto && !futharkExpression(c, p.path) {
		// Evaluated in the program's own server, so that opaque values
		// pass from the expression to the entry point.
		var inErr error
		got, inErr, runErr = p.server.runScript(entry, c, p.path, r.o.timeout, c.Expected.Kind != spec.ExpectNothing)
		if inErr != nil {
			return failf("input: %v", inErr)
		}
		return r.checkCase(p, entry, c, got, runErr, nil, failf, where)
	}
	input, err := caseInput(p.exe, entry, c, p.path, r.o.passOptions)
	if err != nil {
		return failf("input: %v", err)
	}
	if name, i, ok := opaqueResult(p.internal, entry); ok && comparesValues(c) {
		// As in futhark test, an opaque result (a value of an abstract
		// type, a record, a sum) cannot be compared with expected
		// values: the case fails, after the run, whose errors come first.
		if r.o.interpreted {
			_, runErr = runInterpreter(p.internal, entry, bytes.NewReader(input), nil)
		} else {
			_, runErr = p.server.run(entry, input, r.o.timeout, false)
		}
		if runErr != nil {
			return failf("%v", runErr)
		}
		return failf("result #%d of entry point %s is an opaque value of type %s, which cannot be compared with the expected output", i, entry, name)
	}
	if r.o.interpreted {
		got, runErr = runInterpreter(p.internal, entry, bytes.NewReader(input), nil)
	} else {
		got, runErr = p.server.run(entry, input, r.o.timeout, c.Expected.Kind != spec.ExpectNothing)
		if errors.Is(runErr, errNeedsProcess) {
			got, runErr = r.runExecutable(p.exe, entry, input, r.exeArgs(p.path))
		}
	}
	return r.checkCase(p, entry, c, got, runErr, input, failf, where)
}

// comparesValues says whether a case compares the results with expected
// values (given, in a file, or the reference interpreter's).
func comparesValues(c *spec.Case) bool {
	switch c.Expected.Kind {
	case spec.ExpectValues, spec.ExpectFile, spec.ExpectAuto:
		return true
	}
	return false
}

// opaqueResult returns the type name and the position (from 1, counting
// the entry point's external results) of the first opaque result of an
// entry point.
func opaqueResult(prog *soac.Program, entry string) (string, int, bool) {
	if prog == nil {
		return "", 0, false
	}
	f := prog.Entry(entry)
	if f == nil {
		return "", 0, false
	}
	for i, v := range f.EntryResults {
		if v.Opaque != "" {
			return v.Opaque, i + 1, true
		}
	}
	return "", 0, false
}

// checkCase compares a case's outcome (its results, or the error of the
// run) with what the case expects. input is what the reference
// interpreter runs for an auto output.
func (r *testRunner) checkCase(p *testProgram, entry string, c *spec.Case, got []values.Value, runErr error, input []byte, failf func(string, ...any) error, where string) error {
	dir := filepath.Dir(p.path)
	var err error
	if c.Expected.Kind == spec.ExpectError {
		e := c.Expected.Error
		switch {
		case runErr == nil:
			return failf("succeeded, but an error matching %q was expected; result: %s", e.Text, clip(joinValues(got)))
		case !e.Matches(runErr.Error()):
			return failf("the error does not match %q:\n%s", e.Text, indent(runErr.Error()))
		}
		return nil
	}
	if runErr != nil {
		return failf("%v", runErr)
	}
	var want []values.Value
	switch c.Expected.Kind {
	case spec.ExpectNothing:
		return nil
	case spec.ExpectAuto:
		want, err = p.reference(entry, c, input)
		if err != nil {
			return failf("auto output: the reference interpreter failed: %v", err)
		}
	default:
		data, err := c.ExpectedData(dir)
		if err == nil {
			want, err = spec.ReadExpected(data, got)
		}
		if err != nil {
			return failf("expected output: %v", err)
		}
	}
	if m := spec.Compare(want, got); m != nil {
		return failf("%s\nexpected: %s\nactual:   %s", m.Msg, clip(m.Expected), clip(m.Actual))
	}
	if r.o.verbose {
		r.prog.Printf(r.stdout, "ok   %s\n", where)
	}
	return nil
}

// reference computes an auto output case's expected values with the
// interpreter, once per entry point and case.
func (p *testProgram) reference(entry string, c *spec.Case, input []byte) ([]values.Value, error) {
	key := fmt.Sprintf("%s/%p", entry, c)
	p.refMu.Lock()
	defer p.refMu.Unlock()
	if v, ok := p.refs[key]; ok {
		return v, nil
	}
	v, err := runInterpreter(p.internal, entry, bytes.NewReader(input), nil)
	if err == nil {
		p.refs[key] = v
	}
	return v, err
}

// runExecutable runs a compiled program on input and reads its results
// (asked for in the binary format, which is exact). A failed run's error
// is its standard error; a failed run must print nothing on stdout.
func (r *testRunner) runExecutable(exe, entry string, input []byte, tuning []string) ([]values.Value, error) {
	ctx := context.Background()
	if r.o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.o.timeout)
		defer cancel()
	}
	args := append(append([]string{"-b", "-e", entry}, tuning...), r.o.passOptions...)
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("timed out after %v", r.o.timeout)
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		if stdout.Len() > 0 {
			return nil, fmt.Errorf("%s\n(and the failed run printed %d bytes on standard output)", msg, stdout.Len())
		}
		return nil, errors.New(msg)
	}
	vs, err := spec.ReadValues(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("unreadable output: %v", err)
	}
	return vs, nil
}

func joinValues(vs []values.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, " ")
}

// clip shortens long values in failure reports; the first differing
// index is reported separately.
func clip(s string) string {
	const max = 300
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ")
}

// structureTest compares a structure block's counts with fcc's IR after
// the corresponding pass: Futhark's gpu pipelines correspond to the IR
// after flatten, its SOACS and internalised pipelines to the frontend's
// output. Metrics that name no construct of fcc's IR, and pipelines fcc
// has no counterpart for (multicore, sequential), are skipped with a note.
func (r *testRunner) structureTest(p *testProgram, st *spec.Structure) error {
	where := strings.TrimSpace(fmt.Sprintf("%s:%d: structure %s", p.path, st.Line, st.Pipeline))
	var pass string
	switch st.Pipeline {
	case "gpu", "gpu-mem":
		pass = "flatten"
	case "", "internalised":
		pass = pipeline.Internalise
	default:
		return skipErr{where + ": fcc has no " + st.Pipeline + " pipeline"}
	}
	var ir *soac.Program
	_, err := compileGuarded(p.path, func(name string, q *soac.Program) {
		if name == pass {
			ir = q
		}
	})
	if err != nil {
		return fmt.Errorf("FAIL %s\n%s", where, indent(err.Error()))
	}
	counts := irMetrics(ir)
	var problems []string
	for _, m := range st.Metrics {
		if !knownMetric(m.Name) {
			r.prog.Printf(r.stdout, "note: %s: %s has no counterpart in fcc's IR; not checked\n", where, m.Name)
			continue
		}
		if got := counts[m.Name]; got != m.Count {
			problems = append(problems, fmt.Sprintf("%s: expected %d, got %d", m.Name, m.Count, got))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("FAIL %s (after %s)\n%s", where, pass, indent(strings.Join(problems, "\n")))
	}
	return nil
}

// irConstructs are the names of fcc's IR expressions as structure tests
// name them (the Go type without "Exp"), which are Futhark's names where
// the two IRs share a construct.
var irConstructs = map[string]bool{
	"SubExp": true, "BinOp": true, "CmpOp": true, "UnOp": true, "ConvOp": true,
	"Index": true, "Iota": true, "Replicate": true, "ArrayLit": true, "Copy": true,
	"If": true, "Loop": true, "Apply": true, "Assert": true, "Screma": true,
	"Slice": true, "Update": true, "Rearrange": true, "Reshape": true, "Concat": true,
	"CallPrim": true, "Hist": true, "Scatter": true, "SegMap": true, "SegRed": true,
	"SegScan": true, "SegHist": true,
}

func knownMetric(name string) bool {
	for _, part := range strings.Split(strings.Trim(name, "/"), "/") {
		if !irConstructs[part] {
			return false
		}
	}
	return true
}

var expType = reflect.TypeOf((*soac.Exp)(nil)).Elem()

// irMetrics counts the expressions of a program by kind, as Futhark's
// structure tests count them: each expression counts under its own name
// and under every path of enclosing expressions ending in it
// ("SegMap/Screma" is a Screma inside a SegMap). It walks the IR by
// reflection so that new kinds of expression are counted without change.
func irMetrics(p *soac.Program) map[string]int {
	counts := map[string]int{}
	var walk func(v reflect.Value, path []string)
	walk = func(v reflect.Value, path []string) {
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.Type().Implements(expType) && v.Kind() == reflect.Pointer {
				name := strings.TrimSuffix(v.Elem().Type().Name(), "Exp")
				for k := 0; k <= len(path); k++ {
					counts[strings.Join(append(append([]string{}, path[k:]...), name), "/")]++
				}
				path = append(path, name)
			}
			walk(v.Elem(), path)
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i), path)
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), path)
			}
		}
	}
	walk(reflect.ValueOf(p), nil)
	return counts
}
