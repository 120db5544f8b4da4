package rewrite

import "github.com/fcclang/fcc/soac"

// Iotas as index spaces. A screma over iota w 0 1 (of i64) needs nothing
// fused: its lambda's parameter is the point's index, which the flattener
// makes the work-item's index and the backend computes in sequential code
// (neither stores the iota). Rearranges and slices are views, read through
// their index functions, and zip and unzip do not exist in the IR (a
// screma takes several inputs). What is left to fuse is an iota with
// another start, step or element type: FuseIota makes the lambda compute
// its elements from the index, so that every iota a screma reads is the
// same index space, which CSE and screma-dup-input then merge (map2 f
// (iota n) (1..<n+1) reads one input).

// FuseIota fuses iota w s t (of type T) into a screma of width w that
// reads it: the screma reads iota w 0 1 instead, and its lambda computes
// s + i*t.
var FuseIota = &Rule{
	Name: "fuse-iota",
	Doc:  "screma over iota w s t → screma over iota w 0 1, the lambda computes s + i*t",
	Match: func(c *Ctx, s *soac.Stm) any {
		return scremaInputDef(c, s, func(ce *soac.ScremaExp, d soac.Exp) bool {
			io, ok := d.(*soac.IotaExp)
			return ok && soac.SameSubExp(io.N, ce.W) && !(io.T == i64 && isZero(io.Start) && isOne(io.Step))
		})
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ce := s.Exp.(*soac.ScremaExp)
		k := m.([2]any)[0].(int)
		io := m.([2]any)[1].(*soac.IotaExp)
		q := ce.Map.Params[k]
		return readByIndex(c, s, ce, k, func(i soac.SubExp) []*soac.Stm {
			var elem []*soac.Stm
			x := i
			if io.T != i64 {
				n := c.Fresh("i")
				elem = append(elem, &soac.Stm{Pat: []soac.Param{{Name: n, Type: soac.Prim(io.T)}}, Exp: &soac.ConvOpExp{From: i64, To: io.T, X: x}, Pos: s.Pos})
				x = soac.Var{Name: n}
			}
			off := c.Fresh("off")
			return append(elem,
				&soac.Stm{Pat: []soac.Param{{Name: off, Type: soac.Prim(io.T)}}, Exp: &soac.BinOpExp{Op: soac.Mul, T: io.T, X: x, Y: io.Step}, Pos: s.Pos},
				&soac.Stm{Pat: []soac.Param{q}, Exp: &soac.BinOpExp{Op: soac.Add, T: io.T, X: io.Start, Y: soac.Var{Name: off}}, Pos: s.Pos})
		})
	},
}

// readByIndex replaces input k of screma s (ce) by an iota of its width,
// read through a fresh index parameter i; elem(i) are the statements that
// compute the replaced parameter from i, put first in the map's body.
func readByIndex(c *Ctx, s *soac.Stm, ce *soac.ScremaExp, k int, elem func(i soac.SubExp) []*soac.Stm) *Replacement {
	idx := c.Fresh("iota")
	index := &soac.Stm{
		Pat: []soac.Param{{Name: idx, Type: soac.Array(i64, ce.W)}},
		Exp: &soac.IotaExp{N: ce.W, Start: soac.I64(0), Step: soac.I64(1), T: i64},
		Pos: s.Pos,
	}
	i := soac.Param{Name: c.Fresh("i"), Type: soac.Prim(i64)}
	params := append([]soac.Param(nil), ce.Map.Params...)
	params[k] = i
	inputs := append([]soac.VName(nil), ce.Inputs...)
	inputs[k] = idx
	ne := *ce
	ne.Inputs = inputs
	ne.Map = &soac.Lambda{
		Params:  params,
		Body:    &soac.Body{Stms: append(elem(soac.Var{Name: i.Name}), ce.Map.Body.Stms...), Result: ce.Map.Body.Result},
		RetType: ce.Map.RetType,
	}
	return &Replacement{Stms: []*soac.Stm{index, {Pat: s.Pat, Exp: &ne, Pos: s.Pos}}}
}
