package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/script"
	"github.com/fcclang/fcc/tests/spec"
)

// exprList collects -e and -f in the order given: each is an expression
// and where it came from.
type exprList struct {
	items *[]scriptSource
	file  bool
}

type scriptSource struct {
	text, from string
}

func (l exprList) String() string { return "" }
func (l exprList) Type() string {
	if l.file {
		return "FILE"
	}
	return "EXP"
}

func (l exprList) Set(v string) error {
	if !l.file {
		*l.items = append(*l.items, scriptSource{text: v, from: "-e"})
		return nil
	}
	b, err := os.ReadFile(v)
	if err != nil {
		return err
	}
	*l.items = append(*l.items, scriptSource{text: string(b), from: v})
	return nil
}

// cmdScript is futhark script: compile a program, evaluate FutharkScript
// expressions against it in server mode, and print the last one's value.
func cmdScript(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("script", "[options] prog.fut [EXPRESSION]", stdout, stderr)
	var exprs []scriptSource
	fs.VarP(exprList{items: &exprs}, "expression", "e", "evaluate this FutharkScript expression (repeatable; evaluated in order)")
	fs.VarP(exprList{items: &exprs, file: true}, "file", "f", "read and evaluate a FutharkScript expression from this file (repeatable)")
	binary := fs.BoolP("binary", "b", false, "print the result in the binary data format (a primitive value or array only)")
	passOpts := fs.StringArray("pass-option", nil, "pass an option to the program's executable (repeatable)")
	backendName := fs.String("backend", "opencl", "the backend (only opencl)")
	debug := fs.BoolP("debug", "D", false, "pass -D to the executable and show its debugging output")
	logging := fs.BoolP("log", "L", false, "pass -L to the executable and show its logging")
	verbose := fs.BoolP("verbose", "v", false, "say what is being done on standard error, and show the executable's standard error")
	skipCompilation := fs.Bool("skip-compilation", false, "do not compile prog.fut: use the executable fcc build wrote beside it")
	if code, done := parseFlags(fs, args, -1, stderr); done {
		return code
	}
	if code := checkBackend("script", *backendName, stderr); code != 0 {
		return code
	}
	switch {
	case fs.NArg() == 2:
		exprs = append(exprs, scriptSource{text: fs.Arg(1), from: "the command line"})
	case fs.NArg() != 1:
		fmt.Fprintln(stderr, "fcc script: expected a program and an expression (or -e/-f) (see fcc script --help)")
		return 2
	}
	if len(exprs) == 0 {
		fmt.Fprintln(stderr, "fcc script: no expression given (an argument, -e or -f)")
		return 2
	}
	// Parse everything before compiling, so that a typo fails fast.
	parsed := make([]script.Exp, len(exprs))
	for i, x := range exprs {
		e, err := script.Parse(x.text)
		if err != nil {
			return fail(stderr, fmt.Errorf("%s: %v", x.from, err))
		}
		parsed[i] = e
	}
	prog := fs.Arg(0)
	exe := prog
	// As futhark script: a program without .fut is an executable already.
	switch {
	case strings.HasSuffix(prog, ".fut") && *skipCompilation:
		exe = defaultOutput(prog)
		if !filepath.IsAbs(exe) && !strings.ContainsRune(exe, filepath.Separator) {
			exe = "." + string(filepath.Separator) + exe
		}
		if _, err := os.Stat(exe); err != nil {
			return fail(stderr, fmt.Errorf("--skip-compilation: no executable %s (build it with fcc build %s)", exe, prog))
		}
	case strings.HasSuffix(prog, ".fut"):
		if *verbose {
			fmt.Fprintf(stderr, "Compiling %s...\n", prog)
		}
		dir, err := os.MkdirTemp("", "fcc-script-")
		if err != nil {
			return fail(stderr, err)
		}
		defer os.RemoveAll(dir)
		exe = filepath.Join(dir, strings.TrimSuffix(filepath.Base(prog), ".fut"))
		if err := buildServerProgram(prog, exe); err != nil {
			return fail(stderr, err)
		}
	}
	exeOpts := *passOpts
	if *debug {
		exeOpts = append(exeOpts, "-D")
	}
	if *logging {
		exeOpts = append(exeOpts, "-L")
	}
	var echo io.Writer
	if *debug || *logging || *verbose {
		echo = stderr
	}
	if *verbose {
		fmt.Fprintf(stderr, "Running %s\n", strings.Join(append([]string{exe, "--server"}, exeOpts...), " "))
	}
	client, err := script.StartEcho(exe, echo, exeOpts...)
	if err != nil {
		return fail(stderr, err)
	}
	defer client.Close()
	ev, err := script.NewEvaluator(client, "") // files are named relative to the working folder
	if err != nil {
		return fail(stderr, err)
	}
	defer ev.Close()
	var last script.Value
	for i, e := range parsed {
		v, err := ev.Eval(e)
		if err != nil {
			return fail(stderr, fmt.Errorf("%s: %v", exprs[i].from, err))
		}
		last = v
	}
	w := bufio.NewWriter(stdout)
	if *binary {
		vs, err := ev.Values(last, parsed[len(parsed)-1].At())
		if err == nil && len(vs) != 1 {
			err = errors.New("-b: the result is a tuple; only a primitive value or an array can be printed in the binary format")
		}
		if err != nil {
			return fail(stderr, err)
		}
		if err := values.WriteBinary(w, vs[0]); err != nil {
			return fail(stderr, err)
		}
	} else {
		s, err := ev.Text(last)
		if err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintln(w, s)
	}
	if err := w.Flush(); err != nil {
		return fail(stderr, err)
	}
	return 0
}

// buildServerProgram compiles a program to an executable (which serves
// the protocol with --server).
func buildServerProgram(path, exe string) error {
	prog, err := pipeline.CompileFile(path, nil)
	if err != nil {
		return err
	}
	return pipeline.Build(prog, exe, backend.BuildOptions{})
}

// scriptInput computes a test case's script input: the expression (in
// the block, or in the file it names) is evaluated against the program's
// executable in server mode, and its value (a tuple's components as
// separate arguments, literals of the parameters' types) becomes the input, in the binary data format. As
// in futhark test, only $loaddata and $loadbytes may be used.
func scriptInput(exe, entry string, c *spec.Case, prog string, passOpts []string) ([]byte, error) {
	dir := filepath.Dir(prog)
	e, where, err := parseScriptInput(c, prog)
	if err != nil {
		return nil, err
	}
	client, err := script.Start(exe, passOpts...)
	if err != nil {
		return nil, err
	}
	defer client.Close()
	ev, err := script.NewEvaluator(client, dir)
	if err != nil {
		return nil, err
	}
	defer ev.Close()
	ev.Builtins = []string{"loaddata", "loadbytes"}
	v, err := ev.Eval(e)
	if err != nil {
		return nil, where(err)
	}
	vs, err := ev.Args(v, entry, e.At())
	if err != nil {
		return nil, where(err)
	}
	var b bytes.Buffer
	for _, x := range vs {
		if err := values.WriteBinary(&b, x); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// parseScriptInput parses a case's script input (in the block, or in
// the file it names) and returns it with where, which places an error of
// the expression in the program or in that file.
func parseScriptInput(c *spec.Case, prog string) (script.Exp, func(error) error, error) {
	src := c.Input.Text
	where := func(err error) error { return blockError(prog, c.Input.Line, err) }
	if c.Input.File != "" {
		path := filepath.Join(filepath.Dir(prog), c.Input.File)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("script input: %v", err)
		}
		src = string(b)
		where = func(err error) error {
			var se *script.Error
			if errors.As(err, &se) {
				return fmt.Errorf("%s:%d:%d: %s", path, se.Pos.Line, se.Pos.Col, se.Msg)
			}
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	e, err := script.Parse(src)
	if err != nil {
		return nil, nil, where(err)
	}
	return e, where, nil
}

// blockError places an error in a script input written in a test block
// of program prog: the block's text starts after the first '{' at or
// after line (the line of "input"), and each later line of the block
// after its "--".
func blockError(prog string, line int, err error) error {
	var se *script.Error
	src, rerr := os.ReadFile(prog)
	if !errors.As(err, &se) || rerr != nil {
		return fmt.Errorf("%s:%d: script input: %v", prog, line, err)
	}
	lines := strings.Split(string(src), "\n")
	for l := line - 1; l >= 0 && l < len(lines); l++ {
		b := strings.IndexByte(lines[l], '{')
		if b < 0 {
			continue
		}
		fileLine, col := l+se.Pos.Line, se.Pos.Col+2 // after "--"
		if se.Pos.Line == 1 {
			col = b + 1 + se.Pos.Col
		}
		return fmt.Errorf("%s:%d:%d: script input: %s", prog, fileLine, col, se.Msg)
	}
	return fmt.Errorf("%s:%d: script input: %v", prog, line, err)
}

// caseInput is what a test case feeds entry point entry of the compiled
// program exe (built from prog): its values, or its script input's.
func caseInput(exe, entry string, c *spec.Case, prog string, passOpts []string) ([]byte, error) {
	if c.Input.Kind == spec.InputScript {
		if futharkExpression(c, prog) {
			return futharkInput(c, prog)
		}
		return scriptInput(exe, entry, c, prog, passOpts)
	}
	return c.InputData(filepath.Dir(prog))
}

// futharkExpression reports whether a case's script input is a Futhark
// expression beyond FutharkScript (one that applies prelude functions,
// such as map f32.i64 (iota 100), as Futhark's own script7 test does) and
// calls no builtin: futharkInput evaluates it.
func futharkExpression(c *spec.Case, prog string) bool {
	if c.Input.Kind != spec.InputScript || c.Input.File != "" || strings.Contains(c.Input.Text, "$") {
		return false
	}
	_, _, err := parseScriptInput(c, prog)
	return err != nil
}

// futharkInput evaluates a script input that is a Futhark expression in
// the interpreter, in the program's scope: the program with an entry
// point returning the expression appended. Its values (a tuple's
// components as separate arguments) become the input, in the binary data
// format. An expression that is not Futhark either is reported with the
// FutharkScript parser's error and the frontend's.
func futharkInput(c *spec.Case, prog string) ([]byte, error) {
	_, _, scriptErr := parseScriptInput(c, prog)
	src, err := os.ReadFile(prog)
	if err != nil {
		return nil, err
	}
	name := "fcc_script_input"
	for strings.Contains(string(src), name) {
		name += "_"
	}
	full := fmt.Sprintf("%s\n\nentry %s () =\n  (%s)\n", src, name, c.Input.Text)
	internal, err := frontend.Compile(prog, full)
	if err != nil {
		return nil, fmt.Errorf("%v (as a Futhark expression appended to the program: %v)", scriptErr, err)
	}
	vs, err := runInterpreter(internal, name, strings.NewReader(""), nil)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: script input: %v", prog, c.Input.Line, err)
	}
	var b bytes.Buffer
	for _, x := range vs {
		if err := values.WriteBinary(&b, x); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}
