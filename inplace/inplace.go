// Package inplace is the pass that decides which in-place updates inside
// kernels write the memory of the kernel input they consume, and records
// each decision in the IR (soac.UpdateExp.InPlace, printed "inplace (A)").
//
// The case is a map over the rows of an array that updates part of each
// row, after flattening a segmap whose work-item takes its own element of
// an input A and returns it updated:
//
//	let a_next = segmap (g < n) {
//	  let x = A[g]
//	  let u = update x[i] = row
//	  in u }
//
// Without a decision, the backend copies x into scratch memory, updates
// it there, and copies it all into a fresh output: O(size of x) per
// work-item where O(size of the row) is written (issue 22's example: a
// loop over the rows of a 64x64 block launched once per step). When A is
// dead after the segmap (the update consumes it, as uniqueness types say)
// and owned by the function (not a caller's argument), the work-item
// updates A's element where it lies and the segmap's result is A's memory,
// as Futhark's memory short-circuiting makes the result of a kernel live
// in the memory of the array it updates.
//
// Conditions for the mark, all checked here so that the backend decides
// nothing:
//   - in the body, x = A[g0, ..., gk] with exactly the Seg-op's space
//     indices, the space's sizes A's outer dimensions, and the result is
//     u = update x[...] = v at the body's top level;
//   - the body uses A only through elements at its own point (A[g0..gk,
//     ...]), so that no work-item reads what another writes; x and names
//     bound from it are not used after the update, and v is not a view
//     of x or A;
//   - A is not used after the segmap in any enclosing body, no view of A
//     made before it is used after it, and A is fresh: bound in this
//     function by a statement that allocates (a Seg-op, replicate, iota,
//     copy, concat, array literal), or a host loop's merge parameter whose
//     initial value is such a name, used by nothing but the loop.
package inplace

import (
	"github.com/fcclang/fcc/soac"
)

// InPlace runs the pass; p is not modified.
func InPlace(p *soac.Program) (*soac.Program, error) {
	out := soac.CopyProgram(p)
	names := soac.NewNames(out)
	for _, f := range out.Funs {
		pa := &pass{fresh: map[soac.VName]int{}, types: map[soac.VName]soac.Type{}}
		for _, prm := range f.Params {
			pa.types[prm.Name] = prm.Type
		}
		types := map[soac.VName]soac.Type{}
		for n, t := range pa.types {
			types[n] = t
		}
		copyLoopArgs(f.Body, types, names)
		pa.host(f.Body, nil)
	}
	return out, nil
}

type pass struct {
	// fresh are the arrays of the function that own their memory (see
	// the package comment), with the depth of host loops they are bound
	// at plus one. An array bound outside a loop is not fresh inside it:
	// updated in place, the next iteration would see the update.
	fresh map[soac.VName]int
	types map[soac.VName]soac.Type
	// depth is the number of host loops around the body being walked.
	depth int
}

// isFresh reports whether name is fresh at the current loop depth.
func (pa *pass) isFresh(name soac.VName) bool { return pa.fresh[name] == pa.depth+1 }

func (pa *pass) setFresh(name soac.VName) { pa.fresh[name] = pa.depth + 1 }

// frame is an enclosing host body and the position of the statement
// being walked in it, innermost last.
type frame struct {
	body *soac.Body
	at   int
}

// host walks a host-level body; outer are the bodies that enclose it.
func (pa *pass) host(b *soac.Body, outer []frame) {
	frames := append(append([]frame(nil), outer...), frame{body: b})
	for i, s := range b.Stms {
		frames[len(frames)-1].at = i
		for _, p := range s.Pat {
			pa.types[p.Name] = p.Type
		}
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			pa.host(e.Then, frames)
			pa.host(e.Else, frames)
			for k, p := range s.Pat {
				if p.Type.Rank() > 0 && freshIn([]*soac.Body{e.Then}, e.Then.Result[k], "") && freshIn([]*soac.Body{e.Else}, e.Else.Result[k], "") {
					pa.setFresh(p.Name)
				}
			}
		case *soac.LoopExp:
			for k, prm := range e.Params {
				pa.types[prm.Name] = prm.Type
				// Every iteration's value must own its memory too: the
				// next iteration updates it.
				if prm.Type.Rank() > 0 && pa.ownedInit(e, k, b, i) && freshIn([]*soac.Body{e.Body}, e.Body.Result[k], prm.Name) {
					pa.setFresh(s.Pat[k].Name)
					pa.fresh[prm.Name] = pa.depth + 2 // inside the loop
				}
			}
			pa.depth++
			pa.host(e.Body, frames)
			pa.depth--
		case *soac.SegMapExp:
			if e.Tile == nil {
				pa.segMap(s, e, frames)
			}
			if r := regionOf(e, frames, pa.types); r != nil && pa.isFresh(r.Arr) {
				e.Region = r
			}
			markFresh(pa, s)
		case *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp, *soac.ReplicateExp,
			*soac.IotaExp, *soac.CopyExp, *soac.ConcatExp, *soac.ArrayLitExp:
			markFresh(pa, s)
		}
	}
}

// freshIn reports whether operand se, the result of the innermost of
// bodies (a chain, innermost first, each nested in the next), is an array
// made anew by them (a Seg-op, an allocation, an if whose branches both
// make one), or self, the merge parameter of the loop whose body it is.
// An array bound outside the bodies is not: returned by every iteration,
// the next iteration's update would write it.
func freshIn(bodies []*soac.Body, se soac.SubExp, self soac.VName) bool {
	v, ok := se.(soac.Var)
	if !ok {
		return false
	}
	if self != "" && v.Name == self {
		return true
	}
	for bi, b := range bodies {
		for _, s := range b.Stms {
			k := -1
			for j, p := range s.Pat {
				if p.Name == v.Name {
					k = j
				}
			}
			if k < 0 {
				continue
			}
			switch e := s.Exp.(type) {
			case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp, *soac.ReplicateExp,
				*soac.IotaExp, *soac.CopyExp, *soac.ConcatExp, *soac.ArrayLitExp:
				return true
			case *soac.IfExp:
				return freshIn(append([]*soac.Body{e.Then}, bodies[bi:]...), e.Then.Result[k], self) &&
					freshIn(append([]*soac.Body{e.Else}, bodies[bi:]...), e.Else.Result[k], self)
			}
			return false
		}
	}
	return false
}

func markFresh(pa *pass, s *soac.Stm) {
	for _, p := range s.Pat {
		if p.Type.Rank() > 0 {
			pa.setFresh(p.Name)
		}
	}
}

// ownedInit reports whether merge parameter k of loop e (statement at of
// body b) starts from a fresh array bound in b that nothing but the loop
// uses: the host passes the initial value's memory to the loop without a
// copy. (A copy x = y of an array is not fresh: y may be used after.)
func (pa *pass) ownedInit(e *soac.LoopExp, k int, b *soac.Body, at int) bool {
	v, ok := e.Init[k].(soac.Var)
	if !ok || !pa.isFresh(v.Name) || !soac.BoundInBody(&soac.Body{Stms: b.Stms[:at]})[v.Name] {
		return false
	}
	for j, x := range e.Init {
		if xv, ok := x.(soac.Var); ok && xv.Name == v.Name && j != k {
			return false
		}
	}
	if soac.FreeInBody(e.Body)[v.Name] || usedFrom(b, at+1, v.Name) {
		return false
	}
	// No view of it made before the loop may outlive it.
	return !viewUsedAfter(b, at, v.Name)
}

// usedFrom reports whether name is used by the statements of b from
// index from on, or by b's results.
func usedFrom(b *soac.Body, from int, name soac.VName) bool {
	for _, s := range b.Stms[from:] {
		if soac.FreeInExp(s.Exp)[name] {
			return true
		}
	}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok && v.Name == name {
			return true
		}
	}
	return false
}

// viewUsedAfter reports whether a statement of b before index at binds an
// array from an expression that uses name (a possible view of it; Seg-ops
// make new arrays) and that array is used from at+1 on.
func viewUsedAfter(b *soac.Body, at int, name soac.VName) bool {
	views := map[soac.VName]bool{name: true}
	for _, s := range b.Stms[:at] {
		switch s.Exp.(type) {
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp, *soac.CopyExp:
			continue
		}
		free := soac.FreeInExp(s.Exp)
		uses := false
		for v := range views {
			if free[v] {
				uses = true
			}
		}
		if !uses {
			continue
		}
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				views[p.Name] = true
			}
		}
	}
	for v := range views {
		if v != name && usedFrom(b, at+1, v) {
			return true
		}
	}
	return false
}

// segMap marks the updates of s's body that may write the input they
// consume (see the package comment); frames are its enclosing bodies,
// the innermost holding s.
func (pa *pass) segMap(s *soac.Stm, e *soac.SegMapExp, frames []frame) {
	defs := map[soac.VName]int{}
	for i, st := range e.Body.Stms {
		for _, p := range st.Pat {
			defs[p.Name] = i
		}
	}
	taken := map[soac.VName]bool{}
	for j, r := range e.Body.Result {
		rv, ok := r.(soac.Var)
		if !ok {
			continue
		}
		ui, ok := defs[rv.Name]
		if !ok {
			continue
		}
		// The result is a chain of updates (each consuming the one
		// before) of the element x = A[g0, ..., gk].
		chain, ix := updateChain(e.Body, defs, ui)
		if ix == nil || !ownPoint(ix, e.Space, len(e.Space)) || taken[ix.Arr] {
			continue
		}
		a := ix.Arr
		at, ok := pa.types[a]
		if !ok || !pa.isFresh(a) || at.Rank() != len(e.Space)+e.Types[j].Rank() {
			continue
		}
		if !sameDims(at.Shape[:len(e.Space)], e.Space) {
			continue
		}
		if !ownUsesOnly(e.Body, a, e.Space) || !deadAfter(frames, a) {
			continue
		}
		// After the chain's first update, A and what was bound from it
		// are not used (they would see the update).
		first := chain[len(chain)-1]
		ok = !usedFrom(e.Body, first+1, a) && !viewUsedAfter(e.Body, first, a)
		for _, k := range chain {
			upd := e.Body.Stms[k].Exp.(*soac.UpdateExp)
			if !pa.resultOnce(e.Body, j, rv.Name, a, upd.Arr) || consumedAfter(e.Body, k, upd.Arr) || valueAliases(e.Body, upd, defs, a) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		taken[a] = true
		for _, k := range chain {
			e.Body.Stms[k].Exp.(*soac.UpdateExp).InPlace = a
		}
	}
}

// updateChain follows the updates that make the body's statement ui
// from an element of an array: it returns their statements' indices and
// the index expression of the element, or nil when the chain starts
// elsewhere (or an update is already marked).
func updateChain(b *soac.Body, defs map[soac.VName]int, ui int) ([]int, *soac.IndexExp) {
	var chain []int
	for {
		upd, ok := b.Stms[ui].Exp.(*soac.UpdateExp)
		if !ok || upd.InPlace != "" {
			return nil, nil
		}
		chain = append(chain, ui)
		xi, ok := defs[upd.Arr]
		if !ok {
			return nil, nil
		}
		if ix, ok := b.Stms[xi].Exp.(*soac.IndexExp); ok {
			return chain, ix
		}
		ui = xi
	}
}

// ownPoint reports whether ix indexes at least the first n dimensions of
// its array with the space's indices, in order.
func ownPoint(ix *soac.IndexExp, space []soac.SegDim, n int) bool {
	if len(ix.Indices) < n {
		return false
	}
	for k := 0; k < len(space); k++ {
		v, ok := ix.Indices[k].(soac.Var)
		if !ok || v.Name != space[k].Index {
			return false
		}
	}
	return true
}

func sameDims(shape []soac.SubExp, space []soac.SegDim) bool {
	for k, d := range shape {
		if !soac.SameSubExp(d, space[k].N) {
			return false
		}
	}
	return true
}

// resultOnce reports whether the body's results use u only as result j,
// and neither A nor x.
func (pa *pass) resultOnce(b *soac.Body, j int, u, a, x soac.VName) bool {
	for k, r := range b.Result {
		v, ok := r.(soac.Var)
		if !ok {
			continue
		}
		if v.Name == a || v.Name == x || v.Name == u && k != j {
			return false
		}
	}
	return true
}

// ownUsesOnly reports whether every use of a in b, nested bodies
// included, reads the element at the work-item's own point.
func ownUsesOnly(b *soac.Body, a soac.VName, space []soac.SegDim) bool {
	for _, s := range b.Stms {
		if ix, ok := s.Exp.(*soac.IndexExp); ok && ix.Arr == a {
			if !ownPoint(ix, space, len(space)) {
				return false
			}
			continue
		}
		if !soac.FreeInExp(s.Exp)[a] {
			continue
		}
		nested := subBodies(s.Exp)
		if nested == nil {
			return false
		}
		for _, nb := range nested {
			if !ownUsesOnly(nb, a, space) {
				return false
			}
		}
		// The expression may also use a directly (a SOAC input, a
		// loop's initial value): only its bodies are allowed to.
		if directUse(s.Exp, a) {
			return false
		}
	}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok && v.Name == a {
			return false
		}
	}
	return true
}

// subBodies are the bodies nested in an expression, nil for one that has
// none.
func subBodies(e soac.Exp) []*soac.Body {
	switch e := e.(type) {
	case *soac.IfExp:
		return []*soac.Body{e.Then, e.Else}
	case *soac.LoopExp:
		return []*soac.Body{e.Body}
	case *soac.ScremaExp:
		bs := []*soac.Body{e.Map.Body}
		for _, r := range e.Reds {
			bs = append(bs, r.Op.Body)
		}
		for _, sc := range e.Scans {
			bs = append(bs, sc.Op.Body)
		}
		return bs
	}
	return nil
}

// directUse reports whether e uses a other than in its nested bodies.
func directUse(e soac.Exp, a soac.VName) bool {
	switch e := e.(type) {
	case *soac.IfExp:
		v, ok := e.Cond.(soac.Var)
		return ok && v.Name == a
	case *soac.LoopExp:
		for _, x := range e.Init {
			if v, ok := x.(soac.Var); ok && v.Name == a {
				return true
			}
		}
		if f, ok := e.Form.(soac.ForLoop); ok {
			if v, ok := f.Bound.(soac.Var); ok && v.Name == a {
				return true
			}
		}
		return false
	case *soac.ScremaExp:
		for _, in := range e.Inputs {
			if in == a {
				return true
			}
		}
		for _, r := range e.Reds {
			for _, ne := range r.Neutral {
				if v, ok := ne.(soac.Var); ok && v.Name == a {
					return true
				}
			}
		}
		for _, sc := range e.Scans {
			for _, ne := range sc.Neutral {
				if v, ok := ne.(soac.Var); ok && v.Name == a {
					return true
				}
			}
		}
		if v, ok := e.W.(soac.Var); ok && v.Name == a {
			return true
		}
		return false
	}
	return true
}

// consumedAfter reports whether x, or an array bound from x before the
// update at index ui (a view of it), is used after the update.
func consumedAfter(b *soac.Body, ui int, x soac.VName) bool {
	if usedFrom(b, ui+1, x) {
		return true
	}
	return viewUsedAfter(b, ui, x)
}

// valueAliases reports whether the update's value is an array bound in
// the body from a view of x or a (its elements could overlap the slice
// written).
func valueAliases(b *soac.Body, upd *soac.UpdateExp, defs map[soac.VName]int, a soac.VName) bool {
	v, ok := upd.Value.(soac.Var)
	if !ok {
		return false
	}
	if v.Name == a || v.Name == upd.Arr {
		return true
	}
	if i, ok := defs[v.Name]; ok {
		for _, p := range b.Stms[i].Pat {
			if p.Name == v.Name && p.Type.Rank() == 0 {
				return false // a value, not a view
			}
		}
	}
	seen := map[soac.VName]bool{}
	var views func(n soac.VName) bool
	views = func(n soac.VName) bool {
		if n == a || n == upd.Arr {
			return true
		}
		i, ok := defs[n]
		if !ok || seen[n] {
			return false
		}
		seen[n] = true
		switch e := b.Stms[i].Exp.(type) {
		case *soac.IndexExp:
			return views(e.Arr)
		case *soac.SliceExp:
			return views(e.Arr)
		case *soac.RearrangeExp:
			return views(e.Arr)
		case *soac.ReshapeExp:
			return views(e.Arr)
		case *soac.SubExpExp:
			if xv, ok := e.X.(soac.Var); ok {
				return views(xv.Name)
			}
		case *soac.UpdateExp:
			return views(e.Arr)
		case *soac.IfExp, *soac.LoopExp:
			// Their array results may be their operands' memory.
			for n := range soac.FreeInExp(e) {
				if n == a || n == upd.Arr {
					return true
				}
			}
		}
		return false
	}
	return views(v.Name)
}

// deadAfter reports whether a is used by no statement after the segmap
// and no result, in any enclosing body, and no view of a made before the
// segmap is.
func deadAfter(frames []frame, a soac.VName) bool {
	for _, f := range frames {
		if usedFrom(f.body, f.at+1, a) || viewUsedAfter(f.body, f.at, a) {
			return false
		}
	}
	return true
}
