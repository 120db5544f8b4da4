package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/literate"
	"github.com/fcclang/fcc/script"
)

// cmdLiterate is futhark literate: compile a program, evaluate its
// directives through its server, and write prog.md with the generated
// files in prog-img/.
func cmdLiterate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("literate", "[options] prog.fut", stdout, stderr)
	output := fs.StringP("output", "o", "", "write the Markdown to this file (default: the program's name with .md); the files go to its name without extension and -img")
	passOpts := fs.StringArray("pass-option", nil, "pass an option to the program's executable (repeatable)")
	skipCompilation := fs.Bool("skip-compilation", false, "do not compile: use the executable fcc build wrote beside the program")
	stopOnError := fs.Bool("stop-on-error", false, "stop at the first failing directive and write no Markdown")
	verbose := fs.BoolP("verbose", "v", false, "print each directive on standard error as it runs, and the executable's standard error")
	backendName := fs.String("backend", "opencl", "the backend (only opencl)")
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	if code := checkBackend("literate", *backendName, stderr); code != 0 {
		return code
	}
	prog := fs.Arg(0)
	if !strings.HasSuffix(prog, ".fut") {
		fmt.Fprintf(stderr, "fcc literate: %s: the program's name must end in .fut\n", prog)
		return 2
	}
	srcBytes, err := os.ReadFile(prog)
	if err != nil {
		return fail(stderr, err)
	}
	blocks, err := literate.Parse(prog, string(srcBytes))
	if err != nil {
		return fail(stderr, err)
	}
	md := *output
	if md == "" {
		md = strings.TrimSuffix(prog, ".fut") + ".md"
	}
	imgDir := strings.TrimSuffix(md, filepath.Ext(md)) + "-img"

	exe := defaultOutput(prog)
	if !filepath.IsAbs(exe) && !strings.ContainsRune(exe, filepath.Separator) {
		exe = "." + string(filepath.Separator) + exe
	}
	if *skipCompilation {
		if _, err := os.Stat(exe); err != nil {
			return fail(stderr, fmt.Errorf("--skip-compilation: no executable %s (build it with fcc build %s)", exe, prog))
		}
	} else if err := buildServerProgram(prog, exe); err != nil {
		return fail(stderr, err)
	}
	var echo io.Writer
	if *verbose {
		echo = stderr // as futhark literate -v: the program's own output too
	}
	client, err := script.StartEcho(exe, echo, *passOpts...)
	if err != nil {
		return fail(stderr, err)
	}
	defer client.Close()
	sev, err := script.NewEvaluator(client, filepath.Dir(prog))
	if err != nil {
		return fail(stderr, err)
	}
	defer sev.Close()

	// Files are written to a folder beside the final one and moved into
	// place only with the Markdown, so that a failed run leaves the last
	// good output alone.
	staged, err := os.MkdirTemp(filepath.Dir(imgDir), "."+filepath.Base(imgDir)+"-")
	if err != nil {
		return fail(stderr, err)
	}
	defer os.RemoveAll(staged)
	opts := literate.Options{
		ImgDir:      staged,
		ImgRef:      filepath.Base(imgDir),
		StopOnError: *stopOnError,
		LookPath:    exec.LookPath,
		File:        prog,
	}
	if *verbose {
		opts.Log = stderr
	}
	text, rerr := literate.Render(blocks, literateEval{sev}, opts)
	if rerr != nil && !errors.Is(rerr, literate.ErrDirectivesFailed) {
		return fail(stderr, rerr)
	}
	if err := writeFileAtomic(md, []byte(text)); err != nil {
		return fail(stderr, err)
	}
	if entries, _ := os.ReadDir(staged); len(entries) > 0 {
		if err := literate.ReplaceDir(staged, imgDir); err != nil {
			return fail(stderr, err)
		}
	} else if err := os.RemoveAll(imgDir); err != nil {
		return fail(stderr, err)
	}
	if rerr != nil {
		fmt.Fprintf(stderr, "fcc literate: %s: some directives failed; their messages are in %s\n", prog, md)
		return 1
	}
	return 0
}

// literateEval evaluates directives' expressions through FutharkScript.
type literateEval struct{ ev *script.Evaluator }

func (l literateEval) Eval(expr string) (literate.Value, error) {
	e, err := script.Parse(expr)
	if err != nil {
		return literate.Value{}, err
	}
	v, err := l.ev.Eval(e)
	if err != nil {
		return literate.Value{}, err
	}
	if v, err = l.ev.Host(v); err != nil {
		return literate.Value{}, err
	}
	return literateValue(v), nil
}

func literateValue(v script.Value) literate.Value {
	switch v := v.(type) {
	case script.HostValue:
		x := v.V
		return literate.Value{Prim: &x}
	case script.VarValue:
		return literate.Value{Opaque: v.Type}
	case script.TupleValue:
		out := literate.Value{}
		for i, x := range v {
			out.Fields = append(out.Fields, literate.Field{Name: fmt.Sprint(i), Value: literateValue(x)})
		}
		return out
	case script.RecordValue:
		out := literate.Value{}
		for i, x := range v.Fields {
			out.Fields = append(out.Fields, literate.Field{Name: v.Names[i], Value: literateValue(x)})
		}
		return out
	}
	return literate.Value{Opaque: fmt.Sprintf("%T", v)}
}

// writeFileAtomic writes data to path through a temporary file in the
// same folder, so that a reader never sees half a file.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}
