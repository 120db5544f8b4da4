package flatten

import (
	"slices"

	"github.com/fcclang/fcc/soac"
)

// This file is the coalescing transformation (as in Futhark's kernel
// extraction): a thread-level segmap whose work-items each read one row
// of a matrix, row = A[gtid], and walk along it sequentially (in a loop
// or an inner SOAC run by the work-item: a tridiagonal solve, a
// neighbour list, a point's coordinates) reads, at every step, one
// element from each of the work-group's rows: addresses a row apart,
// one memory transaction per work-item. Reading a column-major copy of A
// instead puts the elements that neighbouring work-items read at the
// same step next to each other. The copy is
//
//	A_tr = copy (rearrange (1,0) A)    -- [n][m], row-major: a transposition
//	A_cm = rearrange (1,0) A_tr        -- [m][n] again, a column-major view
//
// and the kernel reads A_cm where it read A: the same values, so results
// are unchanged. The backend makes the copy with its tiled transposition
// kernel and passes the view's strides to the kernel. The copy is placed
// before the outermost host loop in which A does not change, so that a
// loop of kernels over an invariant matrix transposes it once.

// Coalesce is the pass that applies the transformation to the kernels of
// a flattened program (the output of Flatten); p is not modified. It runs
// in the host functions, those no kernel calls (soac.KernelFunctions).
func Coalesce(p *soac.Program) (*soac.Program, error) {
	f := &flattener{names: soac.NewNames(p), defStm: map[soac.VName]*soac.Stm{}}
	for _, fd := range p.Funs {
		soac.VisitStms(fd.Body, func(s *soac.Stm) {
			for _, pat := range s.Pat {
				f.defStm[pat.Name] = s
			}
		})
	}
	return soac.MapHostFuns(p, f.coalesceFun), nil
}

// coalesceFun applies the transformation to the host-level bodies of a
// function.
func (f *flattener) coalesceFun(fd *soac.FunDef) {
	f.types = soac.FunTypeEnv(fd)
	fd.Body = f.coalesceBody(fd.Body, nil, nil)
}

// coalesceBody rewrites the kernels of a host body. canHoist (nil at the
// top level of a function) says whether a copy, given by its first
// statement, may leave the body: inside a host loop, the copy of an
// array that the loop does not bind; those are returned in hoisted, for
// the caller to place before the loop. Copies do not leave if branches,
// whose copies would otherwise run when the branch does not, except the
// versions of multi-versioned code on their way out of a loop.
func (f *flattener) coalesceBody(b *soac.Body, canHoist func(*soac.Stm) bool, hoisted *[][]*soac.Stm) *soac.Body {
	out := &soac.Body{Result: b.Result}
	made := map[soac.VName]soac.VName{} // A -> A_cm placed in this body
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			ne := *e
			if !thresholdCond(b.Stms, e.Cond) || canHoist == nil {
				ne.Then = f.coalesceBody(e.Then, nil, nil)
				ne.Else = f.coalesceBody(e.Else, nil, nil)
				out.Stms = append(out.Stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
				continue
			}
			// The versions of multi-versioned code inside a loop: the
			// outer-only version, whose work-items walk rows, is the
			// one chosen when the outer parallelism is large, and the
			// choice is the same in every iteration. A copy of an array
			// bound outside the branch and the loop leaves both, so that
			// it is made once; at worst it is made once for nothing,
			// where the other version runs.
			var up [][]*soac.Stm
			branch := func(br *soac.Body) *soac.Body {
				bb := soac.BoundInBody(br)
				return f.coalesceBody(br, func(h *soac.Stm) bool { return !usesAnyName(h, bb) && canHoist(h) }, &up)
			}
			ne.Then = branch(e.Then)
			ne.Else = branch(e.Else)
			placeHoisted(out, up, canHoist, hoisted)
			out.Stms = append(out.Stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
			continue
		case *soac.LoopExp:
			inner := soac.BoundInBody(e.Body)
			for _, p := range e.Params {
				inner[p.Name] = true
			}
			if fl, ok := e.Form.(soac.ForLoop); ok {
				inner[fl.Index] = true
			}
			var up [][]*soac.Stm
			ne := *e
			ne.Body = f.coalesceBody(e.Body, func(h *soac.Stm) bool { return !usesAnyName(h, inner) }, &up)
			// Copies of arrays invariant to this loop: further out when
			// they are invariant to the enclosing loop too.
			placeHoisted(out, up, canHoist, hoisted)
			out.Stms = append(out.Stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
			continue
		case *soac.SegMapExp:
			if e.Level != soac.LevelThread || e.Tile != nil || len(e.Space) == 0 {
				break
			}
			arrs := coalescable(e, f.types)
			if len(arrs) == 0 {
				break
			}
			sub := map[soac.VName]soac.SubExp{}
			for _, a := range arrs {
				if f.transposed(a.name) {
					continue // already column-major
				}
				// A copy made for one streaming pass over the rows
				// costs a read and a write of the matrix to save
				// little: with nothing else read in between, the
				// caches serve a row's consecutive elements well (a
				// per-row sum of rows of 10 to 1000 elements ran at
				// three times the cost with the copy, H100). It pays
				// when a host loop amortises it, or when the walk
				// reads other memory in between (neighbour lists).
				hoists := canHoist != nil && canHoist(&soac.Stm{Pat: []soac.Param{{Name: a.name, Type: a.t}}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: a.name}})
				if _, ok := made[a.name]; !ok && !hoists && streamedOnce(a.row, e.Body.Stms) {
					continue
				}
				if _, ok := made[a.name]; !ok && f.writeColumnMajor(out, a.name, arrs) {
					continue // its producer now writes it column-major
				}
				cm, ok := made[a.name]
				if !ok {
					stms, v := f.columnMajor(a.name, a.t, s.Pos)
					cm = v
					placeHoisted(out, [][]*soac.Stm{stms}, canHoist, hoisted)
					made[a.name] = cm
				}
				sub[a.name] = soac.Var{Name: cm}
			}
			ne := *e
			ne.Body = soac.NewCopier(sub, nil).Body(e.Body)
			out.Stms = append(out.Stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
			continue
		}
		out.Stms = append(out.Stms, s)
	}
	return out
}

// placeHoisted places copies: further out when canHoist allows it,
// otherwise in out, at the current position.
func placeHoisted(out *soac.Body, up [][]*soac.Stm, canHoist func(*soac.Stm) bool, hoisted *[][]*soac.Stm) {
	for _, h := range up {
		if canHoist != nil && canHoist(h[0]) {
			*hoisted = append(*hoisted, h)
		} else {
			out.Stms = append(out.Stms, h...)
		}
	}
}

// thresholdCond reports whether cond is bound, among stms, by a
// threshold comparison: the condition of multi-versioned code.
func thresholdCond(stms []*soac.Stm, cond soac.SubExp) bool {
	v, ok := cond.(soac.Var)
	if !ok {
		return false
	}
	for _, s := range stms {
		if len(s.Pat) == 1 && s.Pat[0].Name == v.Name {
			_, ok := s.Exp.(*soac.ThresholdExp)
			return ok
		}
	}
	return false
}

// usesAnyName reports whether a statement uses one of names (the first
// of a copy's statements: the others use only what it binds).
func usesAnyName(s *soac.Stm, names map[soac.VName]bool) bool {
	for x := range soac.FreeInExp(s.Exp) {
		if names[x] {
			return true
		}
	}
	return sizesBound(s.Pat[0].Type, names)
}

// sizesBound reports whether a size of t is one of names.
func sizesBound(t soac.Type, names map[soac.VName]bool) bool {
	for _, d := range t.Shape {
		if v, ok := d.(soac.Var); ok && names[v.Name] {
			return true
		}
	}
	return false
}

// coalArray is a matrix a kernel reads row by row.
type coalArray struct {
	name soac.VName
	t    soac.Type
	row  soac.VName // the row the kernel takes, name[gtid]
}

// streamedOnce reports whether the row x is traversed by a single
// statement of stms, a SOAC whose functions read no memory but their
// arguments (no indexing, no inner loop or SOAC): a stream over the row.
func streamedOnce(x soac.VName, stms []*soac.Stm) bool {
	n := 0
	for _, s := range stms {
		if !soac.FreeInExp(s.Exp)[x] {
			continue
		}
		n++
		sc, ok := s.Exp.(*soac.ScremaExp)
		if !ok || n > 1 {
			return false
		}
		lams := []*soac.Lambda{sc.Map}
		for _, r := range sc.Reds {
			lams = append(lams, r.Op)
		}
		for _, c := range sc.Scans {
			lams = append(lams, c.Op)
		}
		for _, l := range lams {
			if l == nil {
				continue
			}
			reads := false
			soac.VisitStms(l.Body, func(s *soac.Stm) {
				switch s.Exp.(type) {
				case *soac.IndexExp, *soac.LoopExp, *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
					reads = true
				}
			})
			if reads {
				return false
			}
		}
	}
	return n == 1
}

// coalescable returns the matrices that a segmap's work-items each read
// one row of, selected by the innermost index of the space (so that
// neighbouring work-items read neighbouring rows), and walk along: the
// row is used inside a loop or SOAC of the body, or by one that takes it
// whole. Only the body's top-level statements are looked at: a row
// selected inside a loop changes from one iteration to the next.
func coalescable(e *soac.SegMapExp, types map[soac.VName]soac.Type) []coalArray {
	gtid := e.Space[len(e.Space)-1].Index
	bound := soac.BoundInBody(e.Body)
	for _, d := range e.Space {
		bound[d.Index] = true
	}
	var out []coalArray
	seen := map[soac.VName]bool{}
	for i, s := range e.Body.Stms {
		ix, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(s.Pat) != 1 || len(ix.Indices) != 1 || s.Pat[0].Type.Rank() != 1 || bound[ix.Arr] || seen[ix.Arr] {
			continue
		}
		if v, ok := ix.Indices[0].(soac.Var); !ok || v.Name != gtid {
			continue
		}
		if !walked(s.Pat[0].Name, e.Body.Stms[i+1:]) {
			continue
		}
		t, ok := types[ix.Arr]
		if !ok || t.Rank() != 2 {
			continue
		}
		seen[ix.Arr] = true
		out = append(out, coalArray{name: ix.Arr, t: t, row: s.Pat[0].Name})
	}
	return out
}

// walked reports whether the row named x is traversed by the statements
// stms: used inside a loop or a SOAC that the work-item runs, where its
// work grows with the row. Rows only copied (to a result, by a concat or
// a slice) are left alone: a transposition costs about what it saves
// there.
func walked(x soac.VName, stms []*soac.Stm) bool {
	for _, s := range stms {
		switch s.Exp.(type) {
		case *soac.LoopExp, *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
			if soac.FreeInExp(s.Exp)[x] {
				return true
			}
		}
	}
	return false
}

// columnMajor returns the statements binding a column-major copy of the
// matrix a of type t (see the top of the file) and the copy's name.
func (f *flattener) columnMajor(a soac.VName, t soac.Type, pos soac.Pos) ([]*soac.Stm, soac.VName) {
	tt := soac.Type{Elem: t.Elem, Shape: []soac.SubExp{t.Shape[1], t.Shape[0]}}
	view := soac.Param{Name: f.fresh(string(suffixed(a, "tview"))), Type: tt}
	tr := soac.Param{Name: f.fresh(string(suffixed(a, "tr"))), Type: tt}
	cm := soac.Param{Name: f.fresh(string(suffixed(a, "coalesced"))), Type: t}
	return []*soac.Stm{
		{Pat: []soac.Param{view}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: a}, Pos: pos},
		{Pat: []soac.Param{tr}, Exp: &soac.CopyExp{Arr: view.Name}, Pos: pos},
		{Pat: []soac.Param{cm}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: tr.Name}, Pos: pos},
	}, cm.Name
}

// transposed reports whether the matrix a is a transposition of another
// array (rearrange (1,0) of it): a column-major view already, when that
// array is manifest, as arrays bound by statements are.
func (f *flattener) transposed(a soac.VName) bool {
	s := f.defStm[a]
	if s == nil {
		return false
	}
	r, ok := s.Exp.(*soac.RearrangeExp)
	return ok && len(r.Perm) == 2 && r.Perm[0] == 1
}

// writeColumnMajor is the layout decision that saves a copy: when the
// matrix a is a result of a 2-D thread-level segmap bound earlier in
// out, all of whose results the consumer reads row by row (arrs), the
// producer's space is swapped, so that it writes every result
// column-major, and the results are bound to their transpositions
// (views: the same values). It declines when the swap would make more of
// the producer's reads strided than it makes contiguous: its writes stay
// contiguous either way (the inner index of the space is the results'
// inner dimension). It reports whether it swapped.
func (f *flattener) writeColumnMajor(out *soac.Body, a soac.VName, arrs []coalArray) bool {
	want := map[soac.VName]bool{}
	for _, c := range arrs {
		want[c.name] = true
	}
	for i, s := range out.Stms {
		if !slices.ContainsFunc(s.Pat, func(p soac.Param) bool { return p.Name == a }) {
			continue
		}
		e, ok := s.Exp.(*soac.SegMapExp)
		if !ok || e.Level != soac.LevelThread || e.Tile != nil || len(e.Space) != 2 || len(s.Pat) != len(e.Types) {
			return false
		}
		for k, p := range s.Pat {
			if !want[p.Name] || f.transposed(p.Name) || e.Types[k].Rank() != 0 || p.Type.Rank() != 2 {
				return false
			}
		}
		outer, inner := contiguousReads(e)
		if outer < inner {
			return false
		}
		ne := *e
		ne.Space = []soac.SegDim{e.Space[1], e.Space[0]}
		stm := &soac.Stm{Exp: &ne, Pos: s.Pos}
		var views []*soac.Stm
		for _, p := range s.Pat {
			tt := soac.Type{Elem: p.Type.Elem, Shape: []soac.SubExp{p.Type.Shape[1], p.Type.Shape[0]}}
			cm := soac.Param{Name: f.fresh(string(suffixed(p.Name, "cm"))), Type: tt}
			stm.Pat = append(stm.Pat, cm)
			f.types[cm.Name] = tt
			v := &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: cm.Name}, Pos: s.Pos}
			f.defStm[p.Name] = v
			views = append(views, v)
		}
		out.Stms = append(out.Stms[:i:i], append([]*soac.Stm{stm}, append(views, out.Stms[i+1:]...)...)...)
		return true
	}
	return false
}

// contiguousReads counts the reads of whole elements of arrays in a 2-D
// segmap's body whose last index steps by one with the outer index of
// the space and those whose last index steps by one with the inner one:
// the reads contiguous across neighbouring work-items after a swap of
// the space and before it.
func contiguousReads(e *soac.SegMapExp) (outer, inner int) {
	def := map[soac.VName]soac.Exp{}
	soac.VisitStms(e.Body, func(s *soac.Stm) {
		if len(s.Pat) == 1 {
			def[s.Pat[0].Name] = s.Exp
		}
	})
	// steps reports whether x is the space index g, or g plus or minus
	// a name bound outside the body or a constant.
	steps := func(x soac.SubExp, g soac.VName) bool {
		v, ok := x.(soac.Var)
		if !ok {
			return false
		}
		if v.Name == g {
			return true
		}
		b, ok := def[v.Name].(*soac.BinOpExp)
		if !ok || (b.Op != soac.Add && b.Op != soac.Sub) {
			return false
		}
		inv := func(y soac.SubExp) bool {
			w, ok := y.(soac.Var)
			return !ok || (def[w.Name] == nil && w.Name != e.Space[0].Index && w.Name != e.Space[1].Index)
		}
		isG := func(y soac.SubExp) bool { w, ok := y.(soac.Var); return ok && w.Name == g }
		return (isG(b.X) && inv(b.Y)) || (b.Op == soac.Add && isG(b.Y) && inv(b.X))
	}
	soac.VisitStms(e.Body, func(s *soac.Stm) {
		ix, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 0 || len(ix.Indices) == 0 {
			return
		}
		last := ix.Indices[len(ix.Indices)-1]
		switch {
		case steps(last, e.Space[0].Index):
			outer++
		case steps(last, e.Space[1].Index):
			inner++
		}
	})
	return outer, inner
}
