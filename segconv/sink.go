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
// moved into them, together with the scalar operations on the element
// that only kernels use (LU's reciprocal of its pivot, say).
func (c *converter) sinkReads(stms []*soac.Stm, result []soac.SubExp) []*soac.Stm {
	out := make([]*soac.Stm, 0, len(stms))
	moved := map[int]bool{} // statements moved with an earlier read
	for i, s := range stms {
		if moved[i] {
			continue
		}
		e, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 0 {
			out = append(out, s)
			continue
		}
		group, names := c.readGroup(stms, i, moved)
		// Statements moved with an earlier read are in the kernels now:
		// their uses of names are kernel uses.
		skip := map[int]bool{}
		for j := range moved {
			skip[j] = true
		}
		for j := range group {
			skip[j] = true
		}
		if !c.sinkable(names, stms[i+1:], i+1, skip, result) {
			out = append(out, s)
			continue
		}
		out = append(out, c.boundsChecks(e)...)
		read := *s
		read.Exp = &soac.IndexExp{Arr: e.Arr, Indices: e.Indices, Pos: e.Pos, InBounds: allTrue(len(e.Indices))}
		stmsG := []*soac.Stm{&read}
		for j := range group {
			moved[j] = true
		}
		for j := i + 1; j < len(stms); j++ {
			if group[j] {
				stmsG = append(stmsG, stms[j])
			}
		}
		for j := i + 1; j < len(stms); j++ {
			if !group[j] {
				stms[j] = c.sinkInto(stms[j], names, stmsG)
			}
		}
	}
	return out
}

// readGroup returns the statements after stms[i], a read, that compute
// scalars from its value (or theirs) with operations that cannot fail,
// and the names the read and those statements bind. Statements already
// moved with an earlier read are left out: their copies in the kernels
// then use this read's copies (SRAD's variance, from two reductions).
func (c *converter) readGroup(stms []*soac.Stm, i int, moved map[int]bool) (map[int]bool, map[soac.VName]bool) {
	names := map[soac.VName]bool{stms[i].Pat[0].Name: true}
	group := map[int]bool{}
	for j := i + 1; j < len(stms); j++ {
		t := stms[j]
		if moved[j] || !cheapScalar(t) {
			continue
		}
		uses := false
		for x := range soac.FreeInExp(t.Exp) {
			uses = uses || names[x]
		}
		if !uses {
			continue
		}
		group[j] = true
		for _, p := range t.Pat {
			names[p.Name] = true
		}
	}
	return group, names
}

// cheapScalar reports whether s binds scalars by an operation that cannot
// fail (a failure must not move into a kernel that may not run).
func cheapScalar(s *soac.Stm) bool {
	for _, p := range s.Pat {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	switch e := s.Exp.(type) {
	case *soac.SubExpExp, *soac.CmpOpExp, *soac.ConvOpExp, *soac.UnOpExp:
		return true
	case *soac.BinOpExp:
		switch e.Op {
		case soac.Div, soac.Mod, soac.Quot, soac.Rem:
			// An integer division fails only by zero (and overflows
			// only by -1): not by any other constant.
			if k, ok := e.Y.(soac.Const); ok && !e.T.IsFloat() && k.Value.Int() != 0 && k.Value.Int() != -1 {
				return true
			}
			return e.T.IsFloat()
		case soac.Pow:
			return e.T.IsFloat()
		}
		return true
	}
	return false
}

// sinkable reports whether names (a read and the statements of group,
// indices of stms offset by off) are used only in the bodies of Seg-ops
// (of later statements, or of the branches of later ifs) and no statement
// up to their last use consumes an array (which might be the one read
// from: a kernel must read it as it was).
func (c *converter) sinkable(names map[soac.VName]bool, stms []*soac.Stm, off int, group map[int]bool, result []soac.SubExp) bool {
	for _, r := range result {
		if v, ok := r.(soac.Var); ok && names[v.Name] {
			return false
		}
	}
	usesAny := func(t *soac.Stm) bool {
		free := soac.FreeInExp(t.Exp)
		for x := range names {
			if free[x] || inShapes(x, t.Pat) {
				return true
			}
		}
		return false
	}
	last := -1
	for j, t := range stms {
		if !group[off+j] && usesAny(t) {
			last = j
		}
	}
	if last < 0 {
		return false
	}
	for j, t := range stms[:last+1] {
		if group[off+j] {
			continue
		}
		if consumesAny(t.Exp) {
			return false
		}
		if !usesAny(t) {
			continue
		}
		for x := range names {
			if inShapes(x, t.Pat) || (soac.FreeInExp(t.Exp)[x] && !kernelUse(x, t.Exp)) {
				return false
			}
		}
	}
	return true
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

// sinkInto returns s with copies of stms, which bind names, added to the
// bodies of the Seg-ops that use names, under fresh names in each.
func (c *converter) sinkInto(s *soac.Stm, names map[soac.VName]bool, stms []*soac.Stm) *soac.Stm {
	free := soac.FreeInExp(s.Exp)
	used := false
	for x := range names {
		used = used || free[x]
	}
	if !used {
		return s
	}
	withRead := func(b *soac.Body) *soac.Body {
		cp := soac.NewCopier(nil, func(n soac.VName) soac.VName {
			if names[n] {
				return c.fresh(string(n) + "_k")
			}
			return n
		})
		moved := cp.Body(&soac.Body{Stms: stms})
		nb := cp.Body(b)
		nb.Stms = append(moved.Stms, nb.Stms...)
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
				nb.Stms[k] = c.sinkInto(st, names, stms)
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
