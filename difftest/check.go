package difftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// Status is how checking a generated function ended.
type Status int

// The outcomes of a check.
const (
	// Passed: every stage agreed with the reference.
	Passed Status = iota
	// Failed: a real disagreement or a compiler error (see Failure).
	Failed
	// Rejected: the frontend rejected the program, a generator bug (or a
	// frontend one) that is counted but not reported as a failure.
	Rejected
	// Invalid: the reference run (the interpreter after internalise)
	// failed, so there is nothing to compare against.
	Invalid
	// Skipped: the OpenCL backend does not support a construct the
	// function uses (compiled checks only).
	Skipped
)

func (s Status) String() string {
	return [...]string{"passed", "failed", "rejected", "invalid", "skipped"}[s]
}

// Failure kinds.
const (
	KindMismatch = "mismatch"      // results differ from the reference
	KindCompile  = "compile-error" // a pass returned an error
	KindValidate = "invalid-ir"    // the IR after a pass does not validate
	KindRuntime  = "runtime-error" // running the IR (or executable) failed
	KindPanic    = "panic"         // a pass or the interpreter panicked
	KindCodegen  = "codegen-error" // the backend failed other than "not supported"
	KindBuild    = "build-error"   // building the executable failed
	KindRejected = "rejected"      // the frontend rejected a (meant to be) valid program
)

// Failure describes how a function failed: what went wrong at which
// stage (a pass name, or "compiled"), the reference results and what the
// stage gave.
type Failure struct {
	Kind  string
	Stage string
	Msg   string
	Want  []values.Value
	Got   []values.Value
}

// Error writes the failure on one line.
func (f *Failure) Error() string {
	return fmt.Sprintf("%s at %s: %s", f.Kind, f.Stage, firstLine(f.Msg))
}

var (
	posRE   = regexp.MustCompile(`[\w./-]*\.fut:\d+:\d+(-\d+(:\d+)?)?`)
	digitRE = regexp.MustCompile(`\d+`)
	typeRE  = regexp.MustCompile(`(\[[^\]]*\])*\b(bool|[iuf]#)`)
	nameRE  = regexp.MustCompile(`\b[a-z]\w*_#`)
)

// Key identifies a failure class: the kind, the stage, and for errors
// the message with positions and numbers removed. The shrinker keeps a
// change only when the failure's key stays the same, and the driver
// shrinks and reports one failure per key.
func (f *Failure) Key() string {
	msg := ""
	if f.Kind != KindMismatch {
		msg = digitRE.ReplaceAllString(posRE.ReplaceAllString(firstLine(f.Msg), ""), "#")
		msg = nameRE.ReplaceAllString(typeRE.ReplaceAllString(msg, "T"), "x")
		if len(msg) > 80 {
			msg = msg[:80]
		}
	}
	return f.Kind + "|" + f.Stage + "|" + msg
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Result is the outcome of checking one function.
type Result struct {
	Status  Status
	Failure *Failure // when Failed
	Msg     string   // why, when Rejected, Invalid or Skipped
	Ref     []values.Value
}

// protect runs f, turning a panic into an error that carries the stack.
func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{fmt.Sprintf("panic: %v\n%s", r, debug.Stack())}
		}
	}()
	return f()
}

type panicError struct{ msg string }

func (e *panicError) Error() string { return e.msg }

// interpret runs entry of prog on args in the reference interpreter.
func interpret(prog *soac.Program, entry string, args []values.Value) (out []values.Value, err error) {
	err = protect(func() error {
		vargs := make([]soac.Value, len(args))
		for i, a := range args {
			vargs[i] = soac.FromRuntime(a)
		}
		res, err := soac.NewInterpreter(prog).RunEntry(entry, vargs)
		if err != nil {
			return err
		}
		out = make([]values.Value, len(res))
		for i, r := range res {
			out[i] = r.ToRuntime()
		}
		return nil
	})
	return out, err
}

// stage is the IR as it stands after one pass.
type stage struct {
	name string
	prog *soac.Program
}

// compileStages runs the pipeline on src and returns the IR after every
// step that succeeded, and the error of the one that failed.
func compileStages(src string) (stages []stage, final *soac.Program, err error) {
	err = protect(func() error {
		var e error
		final, e = pipeline.Compile("difftest.fut", src, func(pass string, p *soac.Program) {
			stages = append(stages, stage{pass, p})
		})
		return e
	})
	return stages, final, err
}

func kindOf(err error, otherwise string) string {
	var p *panicError
	if errors.As(err, &p) {
		return KindPanic
	}
	return otherwise
}

// CheckInterpreted compiles f alone and runs it in the interpreter after
// internalise (the reference) and after every later pass, validating the
// IR of each pass. The results of every stage must match the reference.
func CheckInterpreted(f *Func) Result {
	stages, _, err := compileStages(f.Source())
	if len(stages) == 0 {
		msg := fmt.Sprint(err)
		return Result{Status: Rejected, Msg: msg, Failure: &Failure{Kind: kindOf(err, KindRejected), Stage: "frontend", Msg: msg}}
	}
	ref, rerr := interpret(stages[0].prog, f.Name, f.Inputs)
	if rerr != nil {
		if kindOf(rerr, "") == KindPanic {
			return Result{Status: Failed, Failure: &Failure{Kind: KindPanic, Stage: pipeline.Internalise, Msg: rerr.Error()}}
		}
		return Result{Status: Invalid, Msg: rerr.Error()}
	}
	res := Result{Status: Passed, Ref: ref}
	fail := func(fl *Failure) Result {
		fl.Want = ref
		res.Status, res.Failure = Failed, fl
		return res
	}
	// An IR that does not validate is reported only when running it
	// shows nothing worse.
	var invalid *Failure
	for i, st := range stages {
		if i > 0 && st.prog == stages[i-1].prog {
			continue // a pass that only checks (lower) returns its input
		}
		if verr := protect(func() error { return soac.Validate(st.prog) }); verr != nil && invalid == nil {
			invalid = &Failure{Kind: kindOf(verr, KindValidate), Stage: st.name, Msg: verr.Error()}
		}
		if i == 0 {
			continue
		}
		got, gerr := interpret(st.prog, f.Name, f.Inputs)
		if gerr != nil {
			return fail(&Failure{Kind: kindOf(gerr, KindRuntime), Stage: st.name, Msg: gerr.Error()})
		}
		if m := spec.Compare(ref, got); m != nil {
			return fail(&Failure{Kind: KindMismatch, Stage: st.name, Msg: m.Msg, Got: got})
		}
	}
	if err != nil {
		name := pipeline.Names()[len(stages)]
		return fail(&Failure{Kind: kindOf(err, KindCompile), Stage: name, Msg: err.Error()})
	}
	if invalid != nil {
		return fail(invalid)
	}
	return res
}

// unsupported reports whether err says the backend does not support a
// construct yet.
func unsupported(err error) bool {
	return err != nil && strings.Contains(err.Error(), "not yet supported by the OpenCL backend")
}

// only returns prog restricted to the named entry points (and every
// function that is not an entry point).
func only(prog *soac.Program, entries map[string]bool) *soac.Program {
	out := &soac.Program{Thresholds: prog.Thresholds}
	for _, f := range prog.Funs {
		if f.EntryName == "" || entries[f.EntryName] {
			out.Funs = append(out.Funs, f)
		}
	}
	return out
}

// Compiled checks functions against compiled code. Functions are built
// into one executable, each an entry point, and run one at a time.
type Compiled struct {
	// Dir holds the executables (one temporary folder per batch within
	// it); the system's temporary folder when empty.
	Dir string
	// Timeout bounds one run of an executable (default 60s).
	Timeout time.Duration
	// Args are extra options for the executables.
	Args []string
}

// Check compiles fs (each already passed CheckInterpreted, whose
// reference results are refs) into one program and compares every entry
// point's compiled result with its reference. Results are in the order of
// fs.
func (c *Compiled) Check(fs []*Func, refs [][]values.Value) []Result {
	results := make([]Result, len(fs))
	_, prog, err := compileStages(Program(fs))
	if err != nil {
		// Compiled together, the functions fail where each alone did
		// not: check them one by one.
		if len(fs) == 1 {
			results[0] = Result{Status: Failed, Failure: &Failure{Kind: kindOf(err, KindCompile), Stage: "batch", Msg: err.Error(), Want: refs[0]}}
			return results
		}
		for i := range fs {
			results[i] = c.Check(fs[i:i+1], refs[i:i+1])[0]
		}
		return results
	}
	// Find the entry points the backend supports, each on its own.
	supported := map[string]bool{}
	var idx []int
	for i, f := range fs {
		gerr := protect(func() error {
			_, err := backend.Generate(only(prog, map[string]bool{f.Name: true}))
			return err
		})
		switch {
		case unsupported(gerr):
			results[i] = Result{Status: Skipped, Msg: firstLine(gerr.Error()), Ref: refs[i]}
		case gerr != nil:
			results[i] = Result{Status: Failed, Failure: &Failure{Kind: kindOf(gerr, KindCodegen), Stage: "compiled", Msg: gerr.Error(), Want: refs[i]}}
		default:
			supported[f.Name] = true
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return results
	}
	// One folder per batch, under c.Dir, for the executable and PoCL's
	// kernel cache: the cache serves the batch's runs and goes with it
	// (kept, it would grow by megabytes a batch on a long run).
	dir, err := os.MkdirTemp(c.Dir, "difftest")
	if err != nil {
		for _, i := range idx {
			results[i] = Result{Status: Failed, Failure: &Failure{Kind: KindBuild, Stage: "compiled", Msg: err.Error()}}
		}
		return results
	}
	defer os.RemoveAll(dir)
	exe := filepath.Join(dir, fs[idx[0]].Name)
	berr := protect(func() error { return pipeline.Build(only(prog, supported), exe, backend.BuildOptions{}) })
	if berr != nil {
		if len(idx) == 1 {
			i := idx[0]
			results[i] = Result{Status: Failed, Failure: &Failure{Kind: kindOf(berr, KindBuild), Stage: "compiled", Msg: berr.Error(), Want: refs[i]}}
			return results
		}
		for _, i := range idx {
			results[i] = c.Check(fs[i:i+1], refs[i:i+1])[0]
		}
		return results
	}
	env := append(os.Environ(), "POCL_CACHE_DIR="+filepath.Join(dir, "pocl"))
	for _, i := range idx {
		got, rerr := c.run(exe, fs[i], env)
		switch {
		case rerr != nil:
			results[i] = Result{Status: Failed, Failure: &Failure{Kind: KindRuntime, Stage: "compiled", Msg: rerr.Error(), Want: refs[i]}}
		default:
			if m := spec.Compare(refs[i], got); m != nil {
				results[i] = Result{Status: Failed, Failure: &Failure{Kind: KindMismatch, Stage: "compiled", Msg: m.Msg, Want: refs[i], Got: got}}
			} else {
				results[i] = Result{Status: Passed, Ref: refs[i]}
			}
		}
	}
	return results
}

// run runs one entry point of an executable on f's input, with binary
// output, in environment env.
func (c *Compiled) run(exe string, f *Func, env []string) ([]values.Value, error) {
	timeout := c.Timeout
	if timeout == 0 {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append([]string{"-b", "-e", f.Name}, c.Args...)
	cmd := exec.CommandContext(ctx, exe, args...)
	// Each executable runs a few times only, so fcc's program binary
	// cache does not pay: on PoCL, asking for the binary to store
	// compiles every kernel of the batch up front (tens of seconds),
	// where a run without it compiles only the kernels it launches
	// (PoCL keeps its own cache of the program build).
	cmd.Env = append(env, "FCC_NO_CACHE=1")
	var in bytes.Buffer
	for _, v := range f.Inputs {
		if err := values.WriteBinary(&in, v); err != nil {
			return nil, err
		}
	}
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("timed out after %v", timeout)
		}
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return spec.ReadValues(stdout.Bytes())
}

// CheckCompiledOne checks one function interpreted and then compiled: the
// failure of either, or nil.
func (c *Compiled) CheckCompiledOne(f *Func) Result {
	r := CheckInterpreted(f)
	if r.Status != Passed {
		return r
	}
	return c.Check([]*Func{f}, [][]values.Value{r.Ref})[0]
}
