// Package pipeline is fcc's compiler pipeline as a library: the list of
// passes after the frontend, a driver that runs them and reports the IR
// after each one, and the step from the final IR to an executable. The
// command line and the golden-file tests share it, so both see the same
// passes in the same order.
package pipeline

import (
	"fmt"
	"io"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/soac"
)

// Show prints the program after the pass called pass: its IR, which
// after lowering holds each Seg-op's lowering.
func Show(pass string, p *soac.Program) (string, error) {
	return soac.Print(p), nil
}

// Explain compiles src like Compile and writes to w the derivation of
// the pass called only, or of every pass when only is "all": the rewrite
// rules that fired, in order, or for a pass that records none a line
// saying so.
func Explain(path, src, only string, w io.Writer) error {
	if only != "all" && !Known(only) {
		return fmt.Errorf("unknown pass %q", only)
	}
	prog, err := frontend.Compile(path, src)
	if err != nil {
		return err
	}
	check := validator()
	if err := check(Internalise, prog, 0); err != nil {
		return err
	}
	var inv soac.Invariants
	for _, pass := range Passes {
		show := only == "all" || only == pass.Name
		var log string
		if pass.Explain == nil {
			prog, err = pass.Run(prog)
			log = "(the pass records no derivation)\n"
		} else {
			prog, log, err = pass.Explain(prog)
		}
		if err != nil {
			return err
		}
		inv |= pass.Establishes
		if err := check(pass.Name, prog, inv); err != nil {
			return err
		}
		if show {
			fmt.Fprintf(w, "-- derivation of %s\n%s", pass.Name, log)
		}
	}
	return nil
}

// Known reports whether name is Internalise or the name of a pass.
func Known(name string) bool {
	for _, n := range Names() {
		if n == name {
			return true
		}
	}
	return false
}

// Names returns the names of every point where the IR can be observed:
// Internalise followed by the name of each pass in Passes.
func Names() []string {
	names := []string{Internalise}
	for _, p := range Passes {
		names = append(names, p.Name)
	}
	return names
}

// Compile runs the frontend on src (path is used in diagnostics) and then
// every pass; after, when not nil, is called with the name of each step and
// the program it produced.
func Compile(path, src string, after func(pass string, p *soac.Program)) (*soac.Program, error) {
	if after == nil {
		after = func(string, *soac.Program) {}
	}
	prog, err := frontend.Compile(path, src)
	if err != nil {
		return nil, err
	}
	return runPasses(prog, after)
}

// runPasses runs every pass on the frontend's output.
func runPasses(prog *soac.Program, after func(pass string, p *soac.Program)) (*soac.Program, error) {
	var err error
	after(Internalise, prog)
	check := validator()
	if err := check(Internalise, prog, 0); err != nil {
		return nil, err
	}
	var inv soac.Invariants
	for _, pass := range Passes {
		if prog, err = pass.Run(prog); err != nil {
			return nil, err
		}
		inv |= pass.Establishes
		if err := check(pass.Name, prog, inv); err != nil {
			return nil, err
		}
		after(pass.Name, prog)
	}
	return prog, nil
}

// CompileFile reads path and compiles it as Compile does.
func CompileFile(path string, after func(pass string, p *soac.Program)) (*soac.Program, error) {
	if after == nil {
		after = func(string, *soac.Program) {}
	}
	prog, err := frontend.CompileFile(path)
	if err != nil {
		return nil, err
	}
	return runPasses(prog, after)
}

// Build turns the output of Compile into an executable at out: OpenCL C
// kernels, Go host code, and a go build of both against fcc's runtime.
func Build(prog *soac.Program, out string, opts backend.BuildOptions) error {
	src, err := backend.Generate(prog)
	if err != nil {
		return err
	}
	return backend.Build(src, out, opts)
}
