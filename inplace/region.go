package inplace

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Region updates (issue 22, item 1: results written directly into their
// destination). A segmap over the whole index space of an array A that
// returns A's own element unchanged wherever some index is below a bound,
//
//	let a_next = segmap (i < n, j < n) {
//	  let c = lt i k || lt j k
//	  let r = if c then { a[i, j] } else { ... }
//	  in r }
//
// (LU's trailing update: a step changes only the (n-k)^2 trailing part),
// writes every element of a fresh array, although only the region
// i >= k, j >= k changes. When A is dead after the segmap and owned by the
// function (the same conditions as an update's, see the package comment)
// the pass records a soac.SegRegion on the segmap: the kernel writes its
// result into A's memory, launched over [k, n) x [k, n) only, and the
// segmap's result is A's memory. The body uses A only at its own point, so
// no work-item reads an element another writes.
//
// A host loop whose array state starts from an argument of the function
// (not owned: the caller's memory) and whose body holds such a segmap of
// the state gets a copy of the argument before the loop, made once, so
// that the loop owns its state and every step updates it in place.

// regionOf returns the region decision for segmap e, whose enclosing host
// bodies are frames, or nil: every condition but A's freshness (which the
// caller checks) holds.
func regionOf(e *soac.SegMapExp, frames []frame, types map[soac.VName]soac.Type) *soac.SegRegion {
	if e.Level != soac.LevelThread || e.Region != nil || len(e.Types) != 1 || e.Types[0].Rank() != 0 || len(e.Body.Result) != 1 {
		return nil
	}
	rv, ok := e.Body.Result[0].(soac.Var)
	if !ok {
		return nil
	}
	defs := topDefs(e.Body)
	is, ok := defs[rv.Name]
	if !ok {
		return nil
	}
	ife, ok := e.Body.Stms[is].Exp.(*soac.IfExp)
	if !ok || len(e.Body.Stms[is].Pat) != 1 {
		return nil
	}
	// The kept branch returns A's element at the point.
	a, ok := ownElement(ife.Then, e.Space)
	if !ok {
		return nil
	}
	at, ok := types[a]
	if !ok || at.Rank() != len(e.Space) || at.Elem != e.Types[0].Elem || !sameDims(at.Shape, e.Space) {
		return nil
	}
	cv, ok := ife.Cond.(soac.Var)
	if !ok {
		return nil
	}
	index := map[soac.VName]int{}
	for d, sd := range e.Space {
		index[sd.Index] = d
	}
	bound := soac.BoundInBody(e.Body)
	from := make([]soac.SubExp, len(e.Space))
	if !lowerBounds(e.Body, defs, cv.Name, index, bound, from) {
		return nil
	}
	for d := range from {
		if from[d] == nil {
			from[d] = soac.I64(0)
		}
	}
	if !ownUsesOnly(e.Body, a, e.Space) || !deadAfter(frames, a) || viewRead(e, frames, a) {
		return nil
	}
	return &soac.SegRegion{Arr: a, From: from}
}

// viewRead reports whether segmap e (the statement at frames' innermost
// position) reads an array that may be a view of a made before it in the
// enclosing bodies: its work-items could read elements that others write.
// Seg-ops and allocations make new arrays, and so does an if whose
// branches both return new ones.
func viewRead(e *soac.SegMapExp, frames []frame, a soac.VName) bool {
	views := map[soac.VName]bool{a: true}
	for _, f := range frames {
		for _, s := range f.body.Stms[:f.at] {
			switch s.Exp.(type) {
			case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp, *soac.CopyExp,
				*soac.ReplicateExp, *soac.IotaExp:
				continue
			}
			free := soac.FreeInExp(s.Exp)
			uses := false
			for v := range views {
				uses = uses || free[v]
			}
			if !uses {
				continue
			}
			for k, p := range s.Pat {
				if p.Type.Rank() == 0 {
					continue
				}
				if ife, ok := s.Exp.(*soac.IfExp); ok && freshIn([]*soac.Body{ife.Then}, ife.Then.Result[k], "") && freshIn([]*soac.Body{ife.Else}, ife.Else.Result[k], "") {
					continue
				}
				views[p.Name] = true
			}
		}
	}
	free := soac.FreeInExp(e)
	for v := range views {
		if v != a && free[v] {
			return true
		}
	}
	return false
}

// topDefs maps the names bound by b's statements to their indices.
func topDefs(b *soac.Body) map[soac.VName]int {
	defs := map[soac.VName]int{}
	for i, s := range b.Stms {
		for _, p := range s.Pat {
			defs[p.Name] = i
		}
	}
	return defs
}

// ownElement reports whether body b returns, as its only result, the
// element A[g0, ..., gk] of an array at the space's point (all of A's
// dimensions indexed), and names A.
func ownElement(b *soac.Body, space []soac.SegDim) (soac.VName, bool) {
	if len(b.Result) != 1 {
		return "", false
	}
	v, ok := b.Result[0].(soac.Var)
	if !ok {
		return "", false
	}
	i, ok := topDefs(b)[v.Name]
	if !ok {
		return "", false
	}
	ix, ok := b.Stms[i].Exp.(*soac.IndexExp)
	if !ok || len(ix.Indices) != len(space) || !ownPoint(ix, space, len(space)) {
		return "", false
	}
	return ix.Arr, true
}

// lowerBounds reports whether the bool c, bound in body b (defs its
// statements' indices), is a disjunction of comparisons g_d < x of the
// space's indices (index gives their dimensions) with operands x bound
// outside the segmap (not in bound), and records each x in from[d]. A
// dimension compared twice must be compared with the same operand. The
// disjunction is written c1 || c2 (logor), or as the short-circuit if c1
// then true else {...; c2} that the frontend makes of ||.
func lowerBounds(b *soac.Body, defs map[soac.VName]int, c soac.VName, index map[soac.VName]int, bound map[soac.VName]bool, from []soac.SubExp) bool {
	i, ok := defs[c]
	if !ok {
		return false
	}
	s := b.Stms[i]
	if len(s.Pat) != 1 {
		return false
	}
	operand := func(x soac.SubExp) (soac.VName, bool) {
		v, ok := x.(soac.Var)
		return v.Name, ok
	}
	switch e := s.Exp.(type) {
	case *soac.CmpOpExp:
		g, ok := operand(e.X)
		d, isIndex := index[g]
		if !ok || !isIndex || e.Op != soac.Lt || e.T != values.I64 {
			return false
		}
		if y, ok := operand(e.Y); ok && (bound[y] || isSpaceIndex(index, y)) {
			return false
		}
		if from[d] != nil && !soac.SameSubExp(from[d], e.Y) {
			return false
		}
		from[d] = e.Y
		return true
	case *soac.BinOpExp:
		if e.Op != soac.LogOr {
			return false
		}
		x, ok1 := operand(e.X)
		y, ok2 := operand(e.Y)
		return ok1 && ok2 && lowerBounds(b, defs, x, index, bound, from) && lowerBounds(b, defs, y, index, bound, from)
	case *soac.IfExp:
		x, ok := operand(e.Cond)
		if !ok || len(e.Then.Result) != 1 || len(e.Else.Result) != 1 || !isTrue(e.Then.Result[0]) {
			return false
		}
		y, ok := operand(e.Else.Result[0])
		return ok && lowerBounds(b, defs, x, index, bound, from) && lowerBounds(e.Else, topDefs(e.Else), y, index, bound, from)
	}
	return false
}

func isSpaceIndex(index map[soac.VName]int, n soac.VName) bool {
	_, ok := index[n]
	return ok
}

func isTrue(x soac.SubExp) bool {
	c, ok := x.(soac.Const)
	return ok && c.Value == soac.BoolValue(true)
}

// copyLoopArgs inserts, before every host loop of b (and of the bodies
// nested in it) whose array state starts from an array bound outside b (a
// parameter of the function, or a name of an enclosing body, which the
// inplace pass cannot give the loop) and whose body holds a segmap that
// regionOf accepts for that state, a copy of that array, which the loop
// starts from instead: the caller's memory must not be updated, and one
// copy before the loop is cheaper than a fresh array every step. (A
// state bound in b is the inplace pass's to judge, by ownedInit.)
func copyLoopArgs(b *soac.Body, types map[soac.VName]soac.Type, names *soac.Names) {
	var out []*soac.Stm
	here := map[soac.VName]bool{} // bound by b's statements so far
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			types[p.Name] = p.Type
			here[p.Name] = true
		}
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			copyLoopArgs(e.Then, types, names)
			copyLoopArgs(e.Else, types, names)
		case *soac.LoopExp:
			for _, prm := range e.Params {
				types[prm.Name] = prm.Type
			}
			copyLoopArgs(e.Body, types, names)
			for k, prm := range e.Params {
				v, ok := e.Init[k].(soac.Var)
				if !ok || here[v.Name] || prm.Type.Rank() == 0 || !freshIn([]*soac.Body{e.Body}, e.Body.Result[k], prm.Name) || !regionIn(e.Body, nil, prm.Name, types) {
					continue
				}
				c := names.Fresh(func(k int) soac.VName { return soac.VName(fmt.Sprintf("own_%d", k)) })
				out = append(out, &soac.Stm{Pat: []soac.Param{{Name: c, Type: types[v.Name]}}, Exp: &soac.CopyExp{Arr: v.Name}, Pos: s.Pos})
				e.Init[k] = soac.Var{Name: c}
			}
		}
		out = append(out, s)
	}
	b.Stms = out
}

// regionIn reports whether host body b (enclosed by outer) or a branch
// of its ifs holds a segmap that regionOf accepts for array a.
func regionIn(b *soac.Body, outer []frame, a soac.VName, types map[soac.VName]soac.Type) bool {
	frames := append(append([]frame(nil), outer...), frame{body: b})
	for i, s := range b.Stms {
		frames[len(frames)-1].at = i
		for _, p := range s.Pat {
			types[p.Name] = p.Type
		}
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			if regionIn(e.Then, frames, a, types) || regionIn(e.Else, frames, a, types) {
				return true
			}
		case *soac.SegMapExp:
			if r := regionOf(e, frames, types); r != nil && r.Arr == a {
				return true
			}
		}
	}
	return false
}
