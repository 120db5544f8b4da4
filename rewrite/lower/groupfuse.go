package lower

import (
	"maps"
	"slices"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file decides which scatters of a segmap_group's body its work-items
// run fused with the segmap that makes their indices and values
// (soac.GroupPlan.Fused): each work-item computes its points and writes
// them at once, with no local arrays of indices and values between the
// two and one barrier where there were two (Needleman-Wunsch's
// anti-diagonals: a map over the diagonal's cells, reading the block,
// then a scatter of them into the block).
//
// A scatter writes after all of its inputs are made, so the fusion is
// only right where no point of the map reads an element that another
// point writes: the map's reads of the destination are proved disjoint
// from the scatter's writes by the GCD test over affine forms of the
// indices in the map's index (the diagonal's cells are 31t + d, their
// neighbours read 31t + d - 1, - 32, - 33: none is a multiple of 31
// away). Two points writing one index stay as a scatter has them (either
// wins), and writes outside the destination are skipped as before.

// affine is a form c + k·t + Σ inv[x]·x of an i64 index, t the map's
// index and the x names bound outside the map (invariant over its
// points). Wrapping arithmetic is taken as exact, as indices that wrap
// are out of bounds of any local array.
type affine struct {
	k   int64
	inv map[soac.VName]int64
	c   int64
}

func (a affine) add(b affine, sign int64) affine {
	r := affine{k: a.k + sign*b.k, inv: maps.Clone(a.inv), c: a.c + sign*b.c}
	if r.inv == nil {
		r.inv = map[soac.VName]int64{}
	}
	for x, v := range b.inv {
		r.inv[x] += sign * v
		if r.inv[x] == 0 {
			delete(r.inv, x)
		}
	}
	return r
}

func (a affine) scale(m int64) affine {
	r := affine{k: a.k * m, inv: map[soac.VName]int64{}, c: a.c * m}
	for x, v := range a.inv {
		if v*m != 0 {
			r.inv[x] = v * m
		}
	}
	return r
}

// constant reports whether a is a constant, and which.
func (a affine) constant() (int64, bool) { return a.c, a.k == 0 && len(a.inv) == 0 }

// maxForms bounds the forms a value may take (one per path through the
// ifs that make it).
const maxForms = 16

// indexForms computes the affine forms of the i64 values a map's body
// binds: the forms each value may take, nil where one is not affine.
type indexForms struct {
	index soac.VName
	bound map[soac.VName]bool
	forms map[soac.VName][]affine
}

// of returns the forms of x, or nil.
func (f *indexForms) of(x soac.SubExp) []affine {
	switch x := x.(type) {
	case soac.Const:
		if x.Value.T != values.I64 {
			return nil
		}
		return []affine{{c: x.Value.Int()}}
	case soac.Var:
		if x.Name == f.index {
			return []affine{{k: 1}}
		}
		if !f.bound[x.Name] {
			return []affine{{inv: map[soac.VName]int64{x.Name: 1}}}
		}
		return f.forms[x.Name]
	}
	return nil
}

// body records the forms of the values b binds.
func (f *indexForms) body(b *soac.Body) {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.SubExpExp:
			f.forms[s.Pat[0].Name] = f.of(e.X)
		case *soac.UnOpExp:
			if e.Op == soac.Neg && e.T == values.I64 {
				f.forms[s.Pat[0].Name] = combine(f.of(e.X), []affine{{}}, func(x, _ affine) (affine, bool) { return x.scale(-1), true })
			}
		case *soac.BinOpExp:
			if e.T != values.I64 {
				continue
			}
			var op func(x, y affine) (affine, bool)
			switch e.Op {
			case soac.Add:
				op = func(x, y affine) (affine, bool) { return x.add(y, 1), true }
			case soac.Sub:
				op = func(x, y affine) (affine, bool) { return x.add(y, -1), true }
			case soac.Mul:
				op = func(x, y affine) (affine, bool) {
					if c, ok := y.constant(); ok {
						return x.scale(c), true
					}
					if c, ok := x.constant(); ok {
						return y.scale(c), true
					}
					return affine{}, false
				}
			default:
				continue
			}
			f.forms[s.Pat[0].Name] = combine(f.of(e.X), f.of(e.Y), op)
		case *soac.IfExp:
			f.body(e.Then)
			f.body(e.Else)
			for i, p := range s.Pat {
				a, b := f.of(e.Then.Result[i]), f.of(e.Else.Result[i])
				if a != nil && b != nil && len(a)+len(b) <= maxForms {
					f.forms[p.Name] = append(slices.Clone(a), b...)
				}
			}
		}
	}
}

// combine applies op to every pair of forms of xs and ys; nil where one
// is unknown, op fails or the forms are too many.
func combine(xs, ys []affine, op func(x, y affine) (affine, bool)) []affine {
	if xs == nil || ys == nil || len(xs)*len(ys) > maxForms {
		return nil
	}
	var out []affine
	for _, x := range xs {
		for _, y := range ys {
			r, ok := op(x, y)
			if !ok {
				return nil
			}
			out = append(out, r)
		}
	}
	return out
}

// reads collects the forms of the indices at which b reads array a, and
// reports false where b uses a otherwise (a slice, a view, a nested
// construct other than an if) or at an index with no form.
func (f *indexForms) reads(b *soac.Body, a soac.VName, out *[]affine) bool {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.IndexExp:
			if e.Arr != a {
				continue
			}
			if len(e.Indices) != 1 {
				return false
			}
			fs := f.of(e.Indices[0])
			if fs == nil {
				return false
			}
			*out = append(*out, fs...)
			continue
		case *soac.IfExp:
			if !f.reads(e.Then, a, out) || !f.reads(e.Else, a, out) {
				return false
			}
			continue
		}
		if soac.FreeInExp(s.Exp)[a] {
			return false
		}
	}
	return !slices.ContainsFunc(b.Result, func(r soac.SubExp) bool {
		v, ok := r.(soac.Var)
		return ok && v.Name == a
	})
}

// disjoint reports whether no index of ws (a write by some point) equals
// one of rs (a read by some point): the GCD test, the invariant parts
// equal. A negative constant write is none (the scatter skips it).
func disjoint(ws, rs []affine) bool {
	for _, w := range ws {
		if c, ok := w.constant(); ok && c < 0 {
			continue
		}
		for _, r := range rs {
			if !maps.Equal(w.inv, r.inv) && (len(w.inv) > 0 || len(r.inv) > 0) {
				return false
			}
			g := gcd(abs(w.k), abs(r.k))
			d := r.c - w.c
			if g == 0 && d == 0 || g != 0 && d%g == 0 {
				return false
			}
		}
	}
	return true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// fusedScatter reports whether the scatter s, statement k of b, is run
// fused with statement k-1, the segmap that makes all its inputs: a
// one-dimensional segmap of scalars as wide as the scatter, whose
// results nothing else uses, into one-dimensional destinations whose
// elements it reads only where no point of the scatter writes (see
// disjoint); the scatter's lambda passes its indices through and reads
// no destination. The segmap reads no other array that might alias a
// destination: each other array it reads is global (not bound in
// group, the segmap_group's body) or made afresh there by a Seg-op or
// a replicate.
func fusedScatter(group, b *soac.Body, k int) bool {
	if k == 0 {
		return false
	}
	sc, ok := b.Stms[k].Exp.(*soac.ScatterExp)
	if !ok {
		return false
	}
	m, ok := b.Stms[k-1].Exp.(*soac.SegMapExp)
	if !ok || len(m.Space) != 1 || !soac.SameSubExp(m.Space[0].N, sc.W) {
		return false
	}
	made := map[soac.VName]int{}
	for i, p := range b.Stms[k-1].Pat {
		if p.Type.Rank() != 1 {
			return false
		}
		made[p.Name] = i
	}
	bound := soac.BoundInBody(group)
	// Arrays made afresh, and views of global arrays (in program order).
	fresh := map[soac.VName]bool{}
	soac.VisitStms(group, func(s *soac.Stm) {
		var of soac.VName
		switch e := s.Exp.(type) {
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.ReplicateExp:
			for _, p := range s.Pat {
				fresh[p.Name] = true
			}
			return
		case *soac.IndexExp:
			of = e.Arr
		case *soac.SliceExp:
			of = e.Arr
		case *soac.ReshapeExp:
			of = e.Arr
		case *soac.RearrangeExp:
			of = e.Arr
		default:
			return
		}
		if !bound[of] || fresh[of] && !isLocalMade(group, of) {
			fresh[s.Pat[0].Name] = true
		}
	})
	dests := map[soac.VName]bool{}
	for _, d := range sc.Dests {
		dests[d.Arr] = true
	}
	for x := range soac.FreeInBody(m.Body) {
		if bound[x] && !fresh[x] && !dests[x] {
			// Loop and space indices, bound by no pattern, are scalars.
			if t, ok := typeIn(group, x); ok && t.Rank() > 0 {
				return false
			}
		}
	}
	for _, in := range sc.Inputs {
		if _, ok := made[in]; !ok {
			return false
		}
	}
	// Nothing but the scatter uses the map's results.
	uses := 0
	for _, t := range b.Stms[k+1:] {
		for x := range soac.FreeInExp(t.Exp) {
			if _, ok := made[x]; ok {
				uses++
			}
		}
	}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok {
			if _, ok := made[v.Name]; ok {
				uses++
			}
		}
	}
	if uses > 0 || len(made) != len(sc.Inputs) {
		return false
	}
	f := &indexForms{index: m.Space[0].Index, bound: soac.BoundInBody(m.Body), forms: map[soac.VName][]affine{}}
	f.body(m.Body)
	lam := soac.FreeInLambda(sc.Lambda)
	off := 0
	for _, d := range sc.Dests {
		if d.Rank != 1 || lam[d.Arr] {
			return false
		}
		// The written index: a lambda parameter, the map's result.
		v, ok := sc.Lambda.Body.Result[off].(soac.Var)
		if !ok {
			return false
		}
		p := slices.IndexFunc(sc.Lambda.Params, func(q soac.Param) bool { return q.Name == v.Name })
		if p < 0 {
			return false
		}
		ws := f.of(m.Body.Result[made[sc.Inputs[p]]])
		if ws == nil {
			return false
		}
		for _, e := range sc.Dests {
			var rs []affine
			if !f.reads(m.Body, e.Arr, &rs) || e.Arr == d.Arr && !disjoint(ws, rs) {
				return false
			}
		}
		off += d.Rank + 1
	}
	return true
}

// typeIn is the type that a statement or a loop of b binds x to.
func typeIn(b *soac.Body, x soac.VName) (soac.Type, bool) {
	var t soac.Type
	found := false
	soac.VisitStms(b, func(s *soac.Stm) {
		for _, p := range s.Pat {
			if p.Name == x {
				t, found = p.Type, true
			}
		}
		if l, ok := s.Exp.(*soac.LoopExp); ok {
			for _, p := range l.Params {
				if p.Name == x {
					t, found = p.Type, true
				}
			}
		}
	})
	return t, found
}

// isLocalMade reports whether x is made in the group's body by a Seg-op
// or a replicate (in local memory), not a view of a global array.
func isLocalMade(group *soac.Body, x soac.VName) bool {
	local := false
	soac.VisitStms(group, func(s *soac.Stm) {
		switch s.Exp.(type) {
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.ReplicateExp:
			for _, p := range s.Pat {
				local = local || p.Name == x
			}
		}
	})
	return local
}
