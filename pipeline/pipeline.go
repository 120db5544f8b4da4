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
	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/rewrite"
	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// Pass is one named step of the pipeline from SOAC IR to SOAC IR.
type Pass struct {
	Name string
	Run  func(*soac.Program) (*soac.Program, error)
	// Explain, when set, runs the pass and also returns its derivation:
	// which rewrite rule fired on which statement, in order.
	Explain func(*soac.Program) (*soac.Program, string, error)
}

// Internalise is the name under which the frontend's output is reported:
// it is not a Pass (it takes source text, not a program), but the IR after
// it can be printed like that of any pass.
const Internalise = "internalise"

// Passes is the compiler pipeline after the frontend, in order.
var Passes = []Pass{
	{Name: "optimise", Run: optimise, Explain: explainOptimise},
	{Name: "flatten", Run: flatten.Flatten},
	{Name: "tile", Run: tiling.Tile, Explain: tiling.Explain},
	{Name: "lower", Run: lower.Check, Explain: lower.Explain},
}

// Show prints the program after the pass called pass: its IR, and after
// lowering also the low-level form of each Seg-op.
func Show(pass string, p *soac.Program) (string, error) {
	s := soac.Print(p)
	if pass != "lower" {
		return s, nil
	}
	forms, err := lower.Forms(p)
	return s + forms, err
}

// optimise runs the simplify and fuse rule sets to a fixed point.
func optimise(p *soac.Program) (*soac.Program, error) {
	out, _, err := rewrite.Optimise(p)
	return out, err
}

func explainOptimise(p *soac.Program) (*soac.Program, string, error) {
	out, log, err := rewrite.Optimise(p)
	if err != nil {
		return nil, "", err
	}
	return out, log.String(), nil
}

// Explain compiles src like Compile and writes the derivation of every
// pass that records one (the rewrite rules that fired, in order) to w.
func Explain(path, src string, w io.Writer) error {
	prog, err := frontend.Compile(path, src)
	if err != nil {
		return err
	}
	for _, pass := range Passes {
		if pass.Explain == nil {
			if prog, err = pass.Run(prog); err != nil {
				return err
			}
			continue
		}
		var log string
		if prog, log, err = pass.Explain(prog); err != nil {
			return err
		}
		fmt.Fprintf(w, "-- derivation of %s\n%s", pass.Name, log)
	}
	return nil
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
	for _, pass := range Passes {
		if prog, err = pass.Run(prog); err != nil {
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
	kernels, err := backend.GenerateOpenCL(prog)
	if err != nil {
		return err
	}
	host, err := backend.GenerateHost(prog, kernels)
	if err != nil {
		return err
	}
	return backend.Build(kernels, host, out, opts)
}
