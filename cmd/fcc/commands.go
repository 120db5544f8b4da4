package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// newFlags makes a flag set whose --help prints the command's usage to
// stdout and whose errors go to stderr.
func newFlags(name, synopsis string, stdout, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: fcc %s %s\n\nOptions:\n", name, synopsis)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
	return fs
}

// parseFlags parses args; done is true when the command should exit with
// code (after --help or a usage error). nargs is the number of program
// files the command takes, or -1 for any number.
func parseFlags(fs *pflag.FlagSet, args []string, nargs int, stderr io.Writer) (code int, done bool) {
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0, true
		}
		fmt.Fprintf(stderr, "fcc %s: %v\n", fs.Name(), err)
		return 2, true
	}
	if nargs >= 0 && fs.NArg() != nargs {
		fmt.Fprintf(stderr, "fcc %s: expected %d program file, got %d arguments (see fcc %s --help)\n", fs.Name(), nargs, fs.NArg(), fs.Name())
		return 2, true
	}
	return 0, false
}

// loadProgram reads a source file and compiles it to the SOAC IR.
func loadProgram(path string) (*soac.Program, error) {
	return frontend.CompileFile(path)
}

func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "prog.fut", stdout, stderr)
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	if _, err := loadProgram(fs.Arg(0)); err != nil {
		return fail(stderr, err)
	}
	return 0
}

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("run", "prog.fut [options] < input", stdout, stderr)
	entry := fs.StringP("entry-point", "e", "main", "the entry point to run")
	binary := fs.BoolP("binary-output", "b", false, "print results in Futhark's binary data format")
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	prog, err := loadProgram(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	return interpret(prog, *entry, *binary, stdin, stdout, stderr)
}

// interpret runs an entry point on arguments read from stdin and prints
// the results as compiled executables do. Nothing reaches stdout unless
// the whole run succeeds.
func interpret(prog *soac.Program, entry string, binary bool, stdin io.Reader, stdout, stderr io.Writer) int {
	res, err := runInterpreter(prog, entry, stdin, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	w := bufio.NewWriter(stdout)
	opaque := opaqueResults(prog.Entry(entry))
	for i, r := range res {
		// An opaque result (a tuple or record) is several IR values,
		// printed once, by name, as executables do.
		if name, ok := opaque[i]; ok {
			if name != "" {
				if _, err := fmt.Fprintf(w, "#<opaque %s>\n", name); err != nil {
					return fail(stderr, err)
				}
			}
			continue
		}
		if binary {
			err = values.WriteBinary(w, r)
		} else {
			err = values.WriteText(w, r)
			if err == nil {
				err = w.WriteByte('\n')
			}
		}
		if err != nil {
			return fail(stderr, err)
		}
	}
	if err := w.Flush(); err != nil {
		return fail(stderr, err)
	}
	return 0
}

// opaqueResults maps the index of every IR result of f that belongs to
// an opaque entry value to that value's name at its first IR result and
// to "" at the others.
func opaqueResults(f *soac.FunDef) map[int]string {
	m := map[int]string{}
	if f == nil {
		return m
	}
	i := 0
	for _, v := range f.EntryResults {
		for k := 0; k < v.N; k++ {
			if v.Opaque != "" {
				if k == 0 {
					m[i+k] = v.Opaque
				} else {
					m[i+k] = ""
				}
			}
		}
		i += v.N
	}
	return m
}

// runInterpreter reads an entry point's arguments from stdin, as compiled
// executables do, and runs the entry point in the reference interpreter.
// fcc run and fcc test share it, so both read input the same way; trace,
// when set, receives the output of #[trace] (fcc run gives stderr).
func runInterpreter(prog *soac.Program, entry string, stdin io.Reader, trace io.Writer) (res []values.Value, err error) {
	f := prog.Entry(entry)
	if f == nil {
		var names []string
		for _, g := range prog.Funs {
			if g.EntryName != "" {
				names = append(names, g.EntryName)
			}
		}
		return nil, fmt.Errorf("no entry point %q; the program has: %s", entry, strings.Join(names, ", "))
	}
	// As in Futhark, an opaque value (a tuple or record parameter) cannot
	// be read from input; such an entry point is for library use.
	for i, v := range f.EntryParams {
		if v.Opaque != "" {
			return nil, fmt.Errorf("cannot read input #%d of type %s: it is an opaque value (a tuple or record), which cannot be read from input", i, v.Opaque)
		}
	}
	params := make([]values.ArgType, len(f.Params))
	for i, p := range f.Params {
		params[i] = values.ArgType{Elem: p.Type.Elem, Rank: p.Type.Rank()}
	}
	args, err := values.ReadArgs(bufio.NewReader(stdin), entry, params)
	if err != nil {
		return nil, err
	}
	vargs := make([]soac.Value, len(args))
	for i, a := range args {
		vargs[i] = soac.FromRuntime(a)
	}
	// An interpreter bug must fail one run (one test case), not fcc.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error in the interpreter: %v", r)
		}
	}()
	in := soac.NewInterpreter(prog)
	in.Trace = trace
	out, err := in.RunEntry(entry, vargs)
	if err != nil {
		return nil, err
	}
	res = make([]values.Value, len(out))
	for i, r := range out {
		res[i] = r.ToRuntime()
	}
	return res, nil
}

// compileIR runs the frontend and every pass of the pipeline; after is
// called with each pass's name and result.
func compileIR(path string, after func(pass string, p *soac.Program)) (*soac.Program, error) {
	src, err := readSourceFile(path)
	if err != nil {
		return nil, err
	}
	return pipeline.Compile(path, src, after)
}

func cmdBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("build", "prog.fut [-o prog]", stdout, stderr)
	out := fs.StringP("output", "o", "", "the executable to write, or with --library the package folder (default: the program's name without .fut)")
	keep := fs.Bool("keep-dir", false, "keep the generated Go module and print where it is")
	verbose := fs.BoolP("verbose", "v", false, "print each step and how long it took")
	library := fs.Bool("library", false, "write a Go package (a module in the folder -o) with one method per entry point, instead of an executable")
	module := fs.String("module", "", "with --library: the module path of the package's go.mod (default: the package name)")
	pkgName := fs.String("package", "", "with --library: the Go package name (default: made from the output folder's name)")
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	path := fs.Arg(0)
	if !*library && (*module != "" || *pkgName != "") {
		fmt.Fprintln(stderr, "fcc build: --module and --package need --library")
		return 2
	}
	if *pkgName != "" {
		if err := backend.CheckPackageName(*pkgName); err != nil {
			fmt.Fprintf(stderr, "fcc build: --package: %v\n", err)
			return 2
		}
	}
	if *out == "" {
		*out = defaultOutput(path)
	}
	start := time.Now()
	step := func(what string) {
		if *verbose {
			fmt.Fprintf(stderr, "%8.3fs  %s\n", time.Since(start).Seconds(), what)
		}
	}
	prog, err := compileIR(path, func(pass string, _ *soac.Program) { step(pass) })
	if err != nil {
		return fail(stderr, err)
	}
	if *library {
		if err := buildLibrary(prog, path, *out, *module, *pkgName); err != nil {
			return fail(stderr, err)
		}
		step("generate, write and check the Go package " + *out)
		return 0
	}
	if err := pipeline.Build(prog, *out, backend.BuildOptions{KeepDir: *keep}); err != nil {
		return fail(stderr, err)
	}
	step("generate OpenCL and host code, go build " + *out)
	return 0
}

func cmdDev(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("dev", "--print-after=PASS prog.fut", stdout, stderr)
	passes := strings.Join(pipeline.Names(), ", ")
	after := fs.String("print-after", "flatten", "print the IR after this pass ("+passes+") or 'all'")
	openCL := fs.Bool("opencl", false, "print the generated OpenCL kernels")
	explain := fs.String("explain", "", "print the derivation of this pass or of 'all' (the default): which rewrite rule fired on which statement, in order")
	fs.Lookup("explain").NoOptDefVal = "all"
	validate := fs.Bool("validate", false, "check the IR after every pass with the validator (as FCC_VALIDATE=1 does)")
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	if *validate {
		os.Setenv("FCC_VALIDATE", "1")
	}
	if *explain != "" {
		src, err := readSourceFile(fs.Arg(0))
		if err != nil {
			return fail(stderr, err)
		}
		if *explain != "all" && !pipeline.Known(*explain) {
			fmt.Fprintf(stderr, "fcc dev: unknown pass %q (the passes: %s)\n", *explain, passes)
			return 2
		}
		var out strings.Builder
		if err := pipeline.Explain(fs.Arg(0), src, *explain, &out); err != nil {
			return fail(stderr, err)
		}
		io.WriteString(stdout, out.String())
		return 0
	}
	if *after != "all" && !pipeline.Known(*after) {
		fmt.Fprintf(stderr, "fcc dev: unknown pass %q (the passes: %s)\n", *after, passes)
		return 2
	}
	var out strings.Builder
	var showErr error
	prog, err := compileIR(fs.Arg(0), func(pass string, p *soac.Program) {
		if *after == "all" || *after == pass {
			s, err := pipeline.Show(pass, p)
			if err != nil && showErr == nil {
				showErr = err
			}
			fmt.Fprintf(&out, "-- after %s\n%s", pass, s)
		}
	})
	if err == nil {
		err = showErr
	}
	if err != nil {
		return fail(stderr, err)
	}
	if *openCL {
		src, err := backend.Generate(prog)
		if err != nil {
			return fail(stderr, err)
		}
		out.WriteString(src.OpenCL)
	}
	io.WriteString(stdout, out.String())
	return 0
}
