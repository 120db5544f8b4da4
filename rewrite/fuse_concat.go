package rewrite

import "github.com/fcclang/fcc/soac"

// Concatenations as index spaces. A screma reading xs ++ ys (of scalars)
// needs no stored concatenation: element i is xs[i] when i < len xs and
// ys[i - len xs] otherwise, a branch in the lambda. Stored, the
// concatenation costs a copy of both operands per evaluation (a kernel or
// a buffer copy each) and an array; read in place, nothing but the
// comparison. Back-propagation's bias units ([1] ++ input, [1] ++ hidden)
// were two copy kernels and two buffer copies per training step.
//
// Only rank-1 concatenations fuse: their elements are scalars, which a
// branch returns in registers; a row of a higher-rank concatenation is
// an array, which a branch inside a kernel would have to materialise. A
// coercion (a 1-D reshape) between the concatenation and the screma is
// looked through. An operand that is an array literal gives its elements
// directly, so that the literal need not exist on the device.
//
// The reads are marked in bounds: i - (n_1 + ... + n_{j-1}) lies in
// [0, n_j) in the branch that reads a_j, for the last operand as long as
// i < w, the concatenation's size, which holds when the screma's width is
// the same size (as a coercion's assertion ensures). Where that is not
// evident the last read keeps its check. Flattening recomputes such
// branch-and-read code in the kernels that use it rather than storing it.

// FuseConcat fuses concat (a_1, ..., a_k) of rank-1 arrays into a screma
// reading it: the screma reads iota w 0 1 instead, and its lambda picks
// the element from the operand holding index i.
var FuseConcat = &Rule{
	Name: "fuse-concat",
	Doc:  "screma over a_1 ++ ... ++ a_k (rank 1) → screma over iota, the lambda indexes the a_j",
	Match: func(c *Ctx, s *soac.Stm) any {
		ce, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		for k, in := range ce.Inputs {
			if w, parts := concatOf(c, in); parts != nil && ce.Map.Params[k].Type.Rank() == 0 {
				return &concatInput{k, parts, sameSize(c, w, ce.W)}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ci := m.(*concatInput)
		ce := s.Exp.(*soac.ScremaExp)
		q := ce.Map.Params[ci.k]
		return readByIndex(c, s, ce, ci.k, func(i soac.SubExp) []*soac.Stm {
			return concatElem(c, ci.parts, ci.lastInBounds, q, i, s.Pos)
		})
	},
}

type concatInput struct {
	k            int
	parts        []concatPart
	lastInBounds bool // the screma's width is the concatenation's
}

// concatPart is an operand of a concatenation: an array and its length,
// or (lit != nil) the elements of an array literal.
type concatPart struct {
	arr soac.VName
	n   soac.SubExp
	lit []soac.SubExp
}

// concatOf returns the size and the operands of the rank-1 concatenation
// that n is (directly or through 1-D reshapes), or nil operands. An
// operand that is itself a concatenation (xs ++ ys ++ zs) gives its
// operands.
func concatOf(c *Ctx, n soac.VName) (soac.SubExp, []concatPart) {
	ct := concatDef(c, n)
	if ct == nil {
		return nil, nil
	}
	var parts []concatPart
	for _, a := range ct.Arrs {
		t, ok := c.TypeOf(a)
		if !ok || t.Rank() != 1 {
			return nil, nil
		}
		p := concatPart{arr: a, n: t.Shape[0]}
		if ad := c.Def(a); ad != nil {
			switch e := ad.Exp.(type) {
			case *soac.ConcatExp:
				// Not through a reshape: its size is then evidently
				// the operand's, which the reads' bounds rely on.
				if _, inner := concatOf(c, a); inner != nil {
					parts = append(parts, inner...)
					continue
				}
			case *soac.ArrayLitExp:
				p.lit = e.Elems
			}
		}
		parts = append(parts, p)
	}
	return ct.W, parts
}

// concatDef returns the concatenation that n is, directly or through 1-D
// reshapes, or nil.
func concatDef(c *Ctx, n soac.VName) *soac.ConcatExp {
	d := c.Def(n)
	for d != nil {
		r, ok := d.Exp.(*soac.ReshapeExp)
		if !ok {
			break
		}
		if len(r.Shape) != 1 {
			return nil
		}
		d = c.Def(r.Arr)
	}
	if d == nil {
		return nil
	}
	ct, ok := d.Exp.(*soac.ConcatExp)
	if !ok || len(ct.Arrs) == 0 {
		return nil
	}
	return ct
}

// sameSize reports whether two sizes are evidently equal: the same
// operand, or variables bound to the same expression.
func sameSize(c *Ctx, a, b soac.SubExp) bool {
	if soac.SameSubExp(a, b) {
		return true
	}
	va, ok1 := a.(soac.Var)
	vb, ok2 := b.(soac.Var)
	if !ok1 || !ok2 {
		return false
	}
	da, db := c.Def(va.Name), c.Def(vb.Name)
	return da != nil && db != nil && len(da.Pat) == 1 && len(db.Pat) == 1 && c.Key(da) == c.Key(db)
}

// concatElem binds q to element i of the concatenation of parts: a chain
// of branches on i < n_j, the index made relative to each operand.
func concatElem(c *Ctx, parts []concatPart, lastInBounds bool, q soac.Param, i soac.SubExp, pos soac.Pos) []*soac.Stm {
	p := parts[0]
	if len(parts) == 1 {
		return []*soac.Stm{partElem(p, q, i, lastInBounds, pos)}
	}
	cond := c.Fresh("c")
	rest := c.Fresh("i")
	rq := soac.Param{Name: c.Fresh(q.Name), Type: q.Type}
	fq := soac.Param{Name: c.Fresh(q.Name), Type: q.Type}
	then := &soac.Body{Stms: []*soac.Stm{partElem(p, rq, i, true, pos)}, Result: []soac.SubExp{soac.Var{Name: rq.Name}}}
	els := append([]*soac.Stm{{
		Pat: []soac.Param{{Name: rest, Type: soac.Prim(i64)}},
		Exp: &soac.BinOpExp{Op: soac.Sub, T: i64, X: i, Y: p.n},
		Pos: pos,
	}}, concatElem(c, parts[1:], lastInBounds, fq, soac.Var{Name: rest}, pos)...)
	return []*soac.Stm{
		{Pat: []soac.Param{{Name: cond, Type: soac.Prim(boolean)}}, Exp: &soac.CmpOpExp{Op: soac.Lt, T: i64, X: i, Y: p.n}, Pos: pos},
		{Pat: []soac.Param{q}, Exp: &soac.IfExp{
			Cond:  soac.Var{Name: cond},
			Then:  then,
			Else:  &soac.Body{Stms: els, Result: []soac.SubExp{soac.Var{Name: fq.Name}}},
			Types: []soac.Type{q.Type},
		}, Pos: pos},
	}
}

// partElem binds q to element i of one operand: a literal's only element
// itself, else an index (marked in bounds when inBounds).
func partElem(p concatPart, q soac.Param, i soac.SubExp, inBounds bool, pos soac.Pos) *soac.Stm {
	if len(p.lit) == 1 && inBounds {
		return &soac.Stm{Pat: []soac.Param{q}, Exp: &soac.SubExpExp{X: p.lit[0]}, Pos: pos}
	}
	ix := &soac.IndexExp{Arr: p.arr, Indices: []soac.SubExp{i}, Pos: pos}
	if inBounds {
		ix.InBounds = []bool{true}
	}
	return &soac.Stm{Pat: []soac.Param{q}, Exp: ix, Pos: pos}
}
