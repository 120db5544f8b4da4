package segconv

import (
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Element reads sunk into kernels (issue 22).
//
// A host statement x = a[i, j] whose value only kernels use (LU's pivot,
// read every step of a host loop to be passed to the next kernel) makes
// the host wait for the queue to drain and read the element back: a round
// trip per iteration, where the kernels could read the element themselves.
// sinkReads moves such a read into the bodies of the Seg-ops that use x,
// each under a name of its own, and leaves on the host the bounds checks
// of the read, as assertions on scalars with the read's message, so that
// an index out of bounds fails as before, kernels or not.

// sinkReads returns stms with the element reads that only kernels use
// moved into them.
func (c *converter) sinkReads(stms []*soac.Stm, result []soac.SubExp) []*soac.Stm {
	out := make([]*soac.Stm, 0, len(stms))
	for i, s := range stms {
		e, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 0 || !c.sinkable(s.Pat[0].Name, stms[i+1:], result) {
			out = append(out, s)
			continue
		}
		out = append(out, c.boundsChecks(e)...)
		x := s.Pat[0].Name
		for j, t := range stms[i+1:] {
			stms[i+1+j] = c.sinkInto(t, x, e, s.Pat[0].Type)
		}
	}
	return out
}

// sinkable reports whether x is used only in the bodies of Seg-ops (of
// later statements, or of the branches of later ifs) and no statement up
// to its last use consumes an array (which might be the one x is read
// from: a kernel must read it as it was).
func (c *converter) sinkable(x soac.VName, stms []*soac.Stm, result []soac.SubExp) bool {
	for _, r := range result {
		if v, ok := r.(soac.Var); ok && v.Name == x {
			return false
		}
	}
	last := -1
	for j, t := range stms {
		if soac.FreeInExp(t.Exp)[x] || inShapes(x, t.Pat) {
			last = j
		}
	}
	if last < 0 {
		return false
	}
	used := false
	for _, t := range stms[:last+1] {
		if consumesAny(t.Exp) {
			return false
		}
		if !soac.FreeInExp(t.Exp)[x] && !inShapes(x, t.Pat) {
			continue
		}
		if inShapes(x, t.Pat) || !kernelUse(x, t.Exp) {
			return false
		}
		used = true
	}
	return used
}

// kernelUse reports whether e uses x only in the body of a Seg-op (not
// in its space, operators or result types, which the host evaluates),
// directly or in the branches of an if.
func kernelUse(x soac.VName, e soac.Exp) bool {
	switch e := e.(type) {
	case *soac.SegMapExp:
		return e.Tile == nil && !inSpace(x, e.Space) && !inTypes(x, e.Types)
	case *soac.SegRedExp:
		for _, r := range e.Reds {
			if soac.FreeInLambda(r.Op)[x] || mentions(x, r.Neutral) {
				return false
			}
		}
		return !inSpace(x, e.Space) && !inTypes(x, e.Types)
	case *soac.SegScanExp:
		for _, r := range e.Scans {
			if soac.FreeInLambda(r.Op)[x] || mentions(x, r.Neutral) {
				return false
			}
		}
		return !inSpace(x, e.Space) && !inTypes(x, e.Types)
	case *soac.IfExp:
		if v, ok := e.Cond.(soac.Var); (ok && v.Name == x) || inTypes(x, e.Types) {
			return false
		}
		for _, b := range []*soac.Body{e.Then, e.Else} {
			if mentions(x, b.Result) {
				return false
			}
			for _, t := range b.Stms {
				if inShapes(x, t.Pat) || (soac.FreeInExp(t.Exp)[x] && !kernelUse(x, t.Exp)) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// sinkInto returns s with the read e of x added to the bodies of the
// Seg-ops that use x, under a fresh name in each.
func (c *converter) sinkInto(s *soac.Stm, x soac.VName, e *soac.IndexExp, t soac.Type) *soac.Stm {
	if !soac.FreeInExp(s.Exp)[x] {
		return s
	}
	withRead := func(b *soac.Body) *soac.Body {
		y := c.fresh(string(x) + "_k")
		read := &soac.IndexExp{Arr: e.Arr, Indices: e.Indices, Pos: e.Pos, InBounds: allTrue(len(e.Indices))}
		nb := soac.NewCopier(map[soac.VName]soac.SubExp{x: soac.Var{Name: y}}, nil).Body(b)
		nb.Stms = append([]*soac.Stm{{Pat: []soac.Param{{Name: y, Type: t}}, Exp: read, Pos: s.Pos}}, nb.Stms...)
		return nb
	}
	ns := *s
	switch x0 := s.Exp.(type) {
	case *soac.SegMapExp:
		ne := *x0
		ne.Body = withRead(x0.Body)
		ns.Exp = &ne
	case *soac.SegRedExp:
		ne := *x0
		ne.Body = withRead(x0.Body)
		ns.Exp = &ne
	case *soac.SegScanExp:
		ne := *x0
		ne.Body = withRead(x0.Body)
		ns.Exp = &ne
	case *soac.IfExp:
		ne := *x0
		branch := func(b *soac.Body) *soac.Body {
			nb := &soac.Body{Result: b.Result, Stms: make([]*soac.Stm, len(b.Stms))}
			for k, st := range b.Stms {
				nb.Stms[k] = c.sinkInto(st, x, e, t)
			}
			return nb
		}
		ne.Then, ne.Else = branch(x0.Then), branch(x0.Else)
		ns.Exp = &ne
	}
	return &ns
}

// boundsChecks returns the host assertions that check the indices of e
// in order, each failing with the message the read itself would give.
func (c *converter) boundsChecks(e *soac.IndexExp) []*soac.Stm {
	t := c.types[e.Arr]
	shape := strings.Repeat("[%d]", len(t.Shape))
	boolT := soac.Prim(values.Bool)
	var out []*soac.Stm
	for k, i := range e.Indices {
		if ci, ok := i.(soac.Const); ok {
			if cd, ok := t.Shape[k].(soac.Const); ok && ci.Value.Int() >= 0 && ci.Value.Int() < cd.Value.Int() {
				continue
			}
		}
		lo := soac.Param{Name: c.fresh("fcc_lo"), Type: boolT}
		hi := soac.Param{Name: c.fresh("fcc_hi"), Type: boolT}
		ok := soac.Param{Name: c.fresh("fcc_inb"), Type: boolT}
		chk := soac.Param{Name: c.fresh("fcc_chk"), Type: boolT}
		holes := strings.TrimSuffix(strings.Repeat("%d, ", k+1), ", ")
		args := append(append([]soac.SubExp{}, e.Indices[:k+1]...), t.Shape...)
		out = append(out,
			&soac.Stm{Pat: []soac.Param{lo}, Exp: &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: soac.I64(0), Y: i}, Pos: e.Pos},
			&soac.Stm{Pat: []soac.Param{hi}, Exp: &soac.CmpOpExp{Op: soac.Lt, T: values.I64, X: i, Y: t.Shape[k]}, Pos: e.Pos},
			&soac.Stm{Pat: []soac.Param{ok}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: soac.Var{Name: lo.Name}, Y: soac.Var{Name: hi.Name}}, Pos: e.Pos},
			&soac.Stm{Pat: []soac.Param{chk}, Exp: &soac.AssertExp{Cond: soac.Var{Name: ok.Name}, Msg: "Index [" + holes + "] out of bounds for array of shape " + shape + ".", Args: args, Pos: e.Pos}, Pos: e.Pos})
	}
	return out
}

func allTrue(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}

// consumesAny reports whether e consumes an array, at any depth.
func consumesAny(e soac.Exp) bool {
	found := false
	soac.VisitExp(e, func(x soac.Exp) {
		switch x := x.(type) {
		case *soac.UpdateExp, *soac.ScatterExp, *soac.HistExp, *soac.SegHistExp, *soac.ApplyExp:
			found = true
		case *soac.LoopExp:
			for _, p := range x.Params {
				found = found || p.Type.Rank() > 0
			}
		}
	})
	return found
}

func mentions(x soac.VName, ses []soac.SubExp) bool {
	for _, se := range ses {
		if v, ok := se.(soac.Var); ok && v.Name == x {
			return true
		}
	}
	return false
}

func inTypes(x soac.VName, ts []soac.Type) bool {
	for _, t := range ts {
		if mentions(x, t.Shape) {
			return true
		}
	}
	return false
}

func inShapes(x soac.VName, ps []soac.Param) bool {
	for _, p := range ps {
		if mentions(x, p.Type.Shape) {
			return true
		}
	}
	return false
}

func inSpace(x soac.VName, space []soac.SegDim) bool {
	for _, d := range space {
		if v, ok := d.N.(soac.Var); ok && v.Name == x {
			return true
		}
	}
	return false
}

// hostTypes returns the types of the names f binds in its parameters,
// statements and loops (the arrays host reads index among them).
func hostTypes(f *soac.FunDef) map[soac.VName]soac.Type {
	env := map[soac.VName]soac.Type{}
	bind := func(ps []soac.Param) {
		for _, p := range ps {
			env[p.Name] = p.Type
		}
	}
	bind(f.Params)
	soac.VisitStms(f.Body, func(s *soac.Stm) {
		bind(s.Pat)
		if l, ok := s.Exp.(*soac.LoopExp); ok {
			bind(l.Params)
		}
	})
	return env
}
