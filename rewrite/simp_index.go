package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Index simplification: indexing an array that is an index-space producer
// (an iota or a replicate) is arithmetic on the index, or the replicated
// value, with no memory access. The index must be provably in bounds:
// the original would fail otherwise and the arithmetic would not.

// inBounds reports whether index i is certainly within [0, n): both
// constants, or i is the index of an enclosing for-loop whose bound is n.
func inBounds(c *Ctx, i, n soac.SubExp) bool {
	if ki, ok := c.Const(i); ok {
		kn, ok := c.Const(n)
		return ok && ki.Int() >= 0 && ki.Int() < kn.Int()
	}
	v, ok := i.(soac.Var)
	if !ok {
		return false
	}
	for _, f := range c.EnclosingLoops() {
		if f.Index == v.Name && f.T == i64 && soac.SameSubExp(f.Bound, n) {
			return true
		}
	}
	return false
}

// IndexIota rewrites iota n s t [i] to s + i*t (the iota's element type:
// the index is converted when that is not i64).
var IndexIota = &Rule{
	Name: "index-iota",
	Doc:  "(iota n s t)[i] → s + i*t when i is in bounds",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(e.Indices) != 1 {
			return nil
		}
		d := c.Def(e.Arr)
		if d == nil {
			return nil
		}
		io, ok := d.Exp.(*soac.IotaExp)
		if !ok || !inBounds(c, e.Indices[0], io.N) {
			return nil
		}
		return io
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		io := m.(*soac.IotaExp)
		e := s.Exp.(*soac.IndexExp)
		t := io.T
		var stms []*soac.Stm
		idx := e.Indices[0]
		if t != i64 {
			n := c.Fresh("idx")
			stms = append(stms, &soac.Stm{Pat: []soac.Param{{Name: n, Type: soac.Prim(t)}}, Exp: &soac.ConvOpExp{From: i64, To: t, X: idx}, Pos: s.Pos})
			idx = soac.Var{Name: n}
		}
		prod := c.Fresh("off")
		stms = append(stms,
			&soac.Stm{Pat: []soac.Param{{Name: prod, Type: soac.Prim(t)}}, Exp: &soac.BinOpExp{Op: soac.Mul, T: t, X: idx, Y: io.Step}, Pos: s.Pos},
			&soac.Stm{Pat: s.Pat, Exp: &soac.BinOpExp{Op: soac.Add, T: t, X: io.Start, Y: soac.Var{Name: prod}}, Pos: s.Pos})
		return &Replacement{Stms: stms}
	},
}

// ReshapeSameShape drops a reshape to the shape its array already has (the
// coercion of a range to the size the checker gave it, e.g.
// 1..<n+1 :> [n]i64): the array itself is the result. Consumers then see
// the producer, so an iota stays an index space (the flattener makes its
// elements indices) instead of being stored to be read back.
var ReshapeSameShape = &Rule{
	Name: "reshape-same-shape",
	Doc:  "reshape (shape) xs → xs when xs has that shape",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ReshapeExp)
		if !ok {
			return nil
		}
		t, ok := c.TypeOf(e.Arr)
		if !ok || len(t.Shape) != len(e.Shape) {
			return nil
		}
		for k, d := range e.Shape {
			if !soac.SameSubExp(d, t.Shape[k]) {
				return nil
			}
		}
		return e
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		e := m.(*soac.ReshapeExp)
		return &Replacement{Stms: []*soac.Stm{letSub(s.Pat[0], soac.Var{Name: e.Arr}, s.Pos)}}
	},
}

// IndexReplicate rewrites (replicate shape x)[i...] to x, or to a smaller
// replicate when fewer indices than dimensions are given.
var IndexReplicate = &Rule{
	Name: "index-replicate",
	Doc:  "(replicate shape x)[i...] → x when the indices are in bounds",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.IndexExp)
		if !ok {
			return nil
		}
		d := c.Def(e.Arr)
		if d == nil {
			return nil
		}
		r, ok := d.Exp.(*soac.ReplicateExp)
		if !ok || len(e.Indices) > len(r.Shape) {
			return nil
		}
		for k, i := range e.Indices {
			if !inBounds(c, i, r.Shape[k]) {
				return nil
			}
		}
		return r
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		r := m.(*soac.ReplicateExp)
		k := len(s.Exp.(*soac.IndexExp).Indices)
		if k == len(r.Shape) {
			return &Replacement{Stms: []*soac.Stm{letSub(s.Pat[0], r.X, s.Pos)}}
		}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &soac.ReplicateExp{Shape: r.Shape[k:], X: r.X}, Pos: s.Pos}}}
	},
}
