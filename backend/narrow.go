package backend

import (
	"math"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file holds a kernel's i64 scalars in 32 bits where its Seg-op's
// lowering says they fit (soac.Lowering.Narrow, from the prove pass's
// range analysis): they are declared int, and sums, differences,
// products, minima, maxima and comparisons of them are computed on int;
// an inner space of narrowed indices is decoded with 32-bit divisions.
// A 64-bit multiply, compare or division costs NVIDIA's GPUs several
// 32-bit instructions, and a group's loop pays its index arithmetic
// every step (Needleman-Wunsch's block: 63 steps of a dozen index
// operations; LU's block: a % and a / per point and step).
// i64 arithmetic wraps modulo 2^64; the analysis proved that these
// results do not wrap and fit 32 bits, and the low 32 bits of a sum,
// difference or product depend only on the operands' low 32 bits, so
// the 32-bit operation gives the value, whatever the operands' width.

// narrowNames collects the narrowed names of p's kernels; names are
// unique in a program, so one set serves every kernel.
func narrowNames(p *soac.Program) map[soac.VName]bool {
	out := map[soac.VName]bool{}
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if l, _ := soac.LoweringOf(s.Exp); l != nil {
				for _, x := range l.Narrow {
					out[x] = true
				}
			}
		})
	}
	return out
}

// narrowed reports whether scalar x of the kernel is held in 32 bits.
func (c *cgen) narrowed(x soac.VName) bool {
	return c.g.narrow[x] || c.group != nil && c.group.narrow[x]
}

// scalarType is the C type of scalar x of type t: int for a narrowed
// i64, else cType's.
func (c *cgen) scalarType(x soac.VName, t soac.PrimType) (string, error) {
	if t == values.I64 && c.narrowed(x) {
		return "int", nil
	}
	return cType(t)
}

// narrowOperand is i64 operand se as a 32-bit C expression: a narrowed
// name, or a constant that fits; false for anything else.
func (c *cgen) narrowOperand(se soac.SubExp) (string, bool) {
	switch se := se.(type) {
	case soac.Const:
		if se.Value.T != values.I64 || se.Value.Int() < math.MinInt32 || se.Value.Int() > math.MaxInt32 {
			return "", false
		}
		x, err := cConst(soac.IntValue(values.I32, se.Value.Int()))
		return x, err == nil
	case soac.Var:
		if !c.narrowed(se.Name) {
			return "", false
		}
		x, err := c.operand(se)
		return x, err == nil
	}
	return "", false
}

// narrowStm generates s in 32 bits where the plan lets it: an i64
// operation whose result is narrowed, or an i64 comparison of narrowed
// operands. It reports false, having generated nothing, otherwise.
func (c *cgen) narrowStm(s *soac.Stm) (bool, error) {
	if len(s.Pat) != 1 {
		return false, nil
	}
	var expr string
	var err error
	switch e := s.Exp.(type) {
	case *soac.BinOpExp:
		if e.T != values.I64 || !c.narrowed(s.Pat[0].Name) {
			return false, nil
		}
		switch e.Op {
		case soac.Add, soac.Sub, soac.Mul:
			// The operands' low 32 bits suffice: (uint) of a long
			// takes them.
			x, err := c.operand(e.X)
			if err != nil {
				return false, err
			}
			y, err := c.operand(e.Y)
			if err != nil {
				return false, err
			}
			if cx, ok := c.narrowOperand(e.X); ok {
				x = cx
			}
			if cy, ok := c.narrowOperand(e.Y); ok {
				y = cy
			}
			expr, err = cBinOp(e.Op, values.I32, x, y)
		case soac.Min, soac.Max:
			// A long operand needs its 64 bits compared.
			x, ok1 := c.narrowOperand(e.X)
			y, ok2 := c.narrowOperand(e.Y)
			if !ok1 || !ok2 {
				return false, nil
			}
			expr, err = cBinOp(e.Op, values.I32, x, y)
		default:
			return false, nil
		}
	case *soac.CmpOpExp:
		if e.T != values.I64 {
			return false, nil
		}
		x, ok1 := c.narrowOperand(e.X)
		y, ok2 := c.narrowOperand(e.Y)
		if !ok1 || !ok2 {
			return false, nil
		}
		expr, err = cCmpOp(e.Op, values.I32, x, y)
	default:
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, c.bindScalar(s.Pat[0], expr)
}

// narrowSpace reports whether the work-items of an inner Seg-op of space
// sp count its points in int: the plan narrowed its indices, which it
// does only for spaces of at most 2^30 points (prove.Narrow), so that the
// count stepped by the group's size stays below 2^31.
func (c *cgen) narrowSpace(sp []soac.SegDim) bool {
	for _, d := range sp {
		if !c.narrowed(d.Index) {
			return false
		}
	}
	return len(sp) > 0
}
