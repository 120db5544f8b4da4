package backend

import (
	"github.com/fcclang/fcc/prove"
	"github.com/fcclang/fcc/soac"
)

// Sources are the code generated for a program: the OpenCL C of its
// kernels and the Go host code (package main) of its executable, which
// embeds the OpenCL.
type Sources struct {
	OpenCL string
	Host   []byte
}

// Generate compiles a program after the pipeline's last pass into OpenCL
// kernels and Go host code, in one generation, so the two always agree.
// It fails for constructs the backend does not support yet, naming the
// construct and its source position.
func Generate(p *soac.Program) (*Sources, error) {
	g, err := generate(p)
	if err != nil {
		return nil, err
	}
	cl := g.openCL()
	return &Sources{OpenCL: cl, Host: g.hostCode(cl, "main")}, nil
}

// scalarDefs returns the program's scalar definitions (prove.ScalarDefs),
// built once.
func (g *gen) scalarDefs() map[soac.VName]soac.Exp {
	if g.defs == nil {
		g.defs = prove.ScalarDefs(g.prog)
	}
	return g.defs
}
