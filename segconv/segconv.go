// Package segconv is the pass that turns the SOACs flattening leaves at
// host level into Seg-ops: a map, reduction or scan (a screma) becomes a
// one-dimensional segmap, segred or segscan, and a hist a seghist, each
// with one thread per element whose body binds the lambda's parameters to
// the element and runs the lambda. Flattening leaves them there when it
// has no nest to extract (a top-level scan or hist, a map it did not
// distribute); the backend compiles Seg-ops only.
//
// Two SOACs stay at host level, as no Seg-op expresses them: scatter, and
// a screma with both scans and reductions, which the backend compiles as
// a scan and a reduction. soac.NoHostSOACs is the invariant that holds
// afterwards, and the validator checks it after this pass and every later
// one. Functions that run inside kernels (soac.KernelFunctions) keep their
// SOACs, which are sequential.
package segconv

import (
	"strconv"

	"github.com/fcclang/fcc/soac"
)

// Convert runs the pass; p is not modified.
func Convert(p *soac.Program) (*soac.Program, error) {
	c := &converter{used: soac.AllNames(p)}
	inKernel := soac.KernelFunctions(p)
	out := *p
	out.Funs = make([]*soac.FunDef, len(p.Funs))
	for i, f := range p.Funs {
		if inKernel[f.Name] {
			out.Funs[i] = f
			continue
		}
		nf := *f
		nf.Body = c.body(f.Body)
		out.Funs[i] = &nf
	}
	return &out, nil
}

type converter struct {
	used map[soac.VName]bool // every name in the program
}

// body converts the SOACs of a host-level body and of the bodies of its
// ifs and loops, which run on the host too.
func (c *converter) body(b *soac.Body) *soac.Body {
	out := &soac.Body{Result: b.Result, Stms: make([]*soac.Stm, len(b.Stms))}
	for i, s := range b.Stms {
		out.Stms[i] = c.stm(s)
	}
	return out
}

func (c *converter) stm(s *soac.Stm) *soac.Stm {
	var e soac.Exp
	switch x := s.Exp.(type) {
	case *soac.IfExp:
		ne := *x
		ne.Then, ne.Else = c.body(x.Then), c.body(x.Else)
		e = &ne
	case *soac.LoopExp:
		ne := *x
		ne.Body = c.body(x.Body)
		e = &ne
	case *soac.ScremaExp:
		e = c.screma(s, x)
	case *soac.HistExp:
		i := c.index(s)
		e = &soac.SegHistExp{Level: soac.LevelThread, Space: []soac.SegDim{{Index: i, N: x.W}}, Ops: x.Ops, Body: x.Bucket.RowBody(i, x.Inputs), Types: x.Bucket.RetType}
	}
	if e == nil {
		return s
	}
	ns := *s
	ns.Exp = e
	return &ns
}

// screma returns the Seg-op that computes e, or nil for a screma with
// both scans and reductions.
func (c *converter) screma(s *soac.Stm, e *soac.ScremaExp) soac.Exp {
	if len(e.Scans) > 0 && len(e.Reds) > 0 {
		return nil
	}
	i := c.index(s)
	space := []soac.SegDim{{Index: i, N: e.W}}
	body := e.Map.RowBody(i, e.Inputs)
	switch {
	case len(e.Scans) > 0:
		return &soac.SegScanExp{Level: soac.LevelThread, Space: space, Scans: e.Scans, Body: body, Types: e.Map.RetType}
	case len(e.Reds) > 0:
		return &soac.SegRedExp{Level: soac.LevelThread, Space: space, Reds: e.Reds, Body: body, Types: e.Map.RetType}
	}
	return &soac.SegMapExp{Level: soac.LevelThread, Space: space, Body: body, Types: e.Map.RetType}
}

// index returns a fresh name for the segment-space index of statement s,
// made from the name it binds.
func (c *converter) index(s *soac.Stm) soac.VName {
	base := "fcc_i_" + string(s.Pat[0].Name)
	n := soac.VName(base)
	for k := 1; c.used[n]; k++ {
		n = soac.VName(base + "_" + strconv.Itoa(k))
	}
	c.used[n] = true
	return n
}
