package rewrite

import (
	"math"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Constant folding, algebraic identities and reassociation: the seed's
// constant-expression evaluation, restricted so that the folded program
// computes bit for bit what the original computes on the device.

// ConstFold evaluates a scalar operation whose operands are all constants.
// Integers and booleans fold exactly (soac's evaluator wraps as the device
// does). An operation that would fail at run time (integer division by
// zero, a negative integer exponent) is left to fail there. Floats fold
// only for the correctly rounded IEEE operations (+, -, *, /, min, max,
// negation, absolute value, comparisons) on f32 and f64, whose results
// every conforming device reproduces, and never to a NaN, whose payload
// is not portable; f16 arithmetic is not folded (the evaluator rounds it
// twice).
var ConstFold = &Rule{
	Name: "const-fold",
	Doc:  "evaluate a scalar operation on constants",
	Match: func(c *Ctx, s *soac.Stm) any {
		if len(s.Pat) != 1 {
			return nil
		}
		v, ok := fold(s.Exp)
		if !ok {
			return nil
		}
		return v
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{letSub(s.Pat[0], constOf(m.(soac.PrimValue)), s.Pos)}}
	},
}

func constArgs(xs ...soac.SubExp) ([]soac.PrimValue, bool) {
	out := make([]soac.PrimValue, len(xs))
	for i, x := range xs {
		k, ok := x.(soac.Const)
		if !ok {
			return nil, false
		}
		out[i] = k.Value
	}
	return out, true
}

// portableFloat reports whether a folded float result can stand for the
// run-time one.
func portableFloat(v soac.PrimValue) bool {
	return (v.T == values.F32 || v.T == values.F64) && !math.IsNaN(v.Float())
}

func fold(e soac.Exp) (soac.PrimValue, bool) {
	switch e := e.(type) {
	case *soac.BinOpExp:
		a, ok := constArgs(e.X, e.Y)
		if !ok {
			return soac.PrimValue{}, false
		}
		if e.T.IsFloat() {
			switch e.Op {
			case soac.Add, soac.Sub, soac.Mul, soac.Div, soac.Min, soac.Max:
			default:
				return soac.PrimValue{}, false
			}
		}
		r, err := soac.EvalBinOp(e.Op, e.T, a[0], a[1])
		if err != nil || (e.T.IsFloat() && !portableFloat(r)) {
			return soac.PrimValue{}, false
		}
		return r, true
	case *soac.CmpOpExp:
		a, ok := constArgs(e.X, e.Y)
		if !ok || e.T == values.F16 {
			return soac.PrimValue{}, false
		}
		return soac.BoolValue(soac.EvalCmpOp(e.Op, e.T, a[0], a[1])), true
	case *soac.UnOpExp:
		a, ok := constArgs(e.X)
		if !ok {
			return soac.PrimValue{}, false
		}
		if e.T.IsFloat() && e.Op != soac.Neg && e.Op != soac.Abs {
			return soac.PrimValue{}, false
		}
		r, err := soac.EvalUnOp(e.Op, e.T, a[0])
		if err != nil || (e.T.IsFloat() && !portableFloat(r)) {
			return soac.PrimValue{}, false
		}
		return r, true
	case *soac.ConvOpExp:
		a, ok := constArgs(e.X)
		if !ok || !exactConversion(a[0], e.To) {
			return soac.PrimValue{}, false
		}
		return soac.Convert(a[0], e.To), true
	}
	return soac.PrimValue{}, false
}

// exactConversion reports whether converting x to type to at compile time
// certainly gives what the device gives: integer and boolean conversions
// always; integer to float when the integer is exactly representable
// (otherwise the evaluator rounds through f64, which may differ from one
// direct rounding); float to integer when the value is in range; f64 to
// f32 (one correct rounding) and f32 to f64 (exact).
func exactConversion(x soac.PrimValue, to soac.PrimType) bool {
	from := x.T
	if from == values.F16 || to == values.F16 {
		return false
	}
	switch {
	case !from.IsFloat() && !to.IsFloat():
		return true
	case !from.IsFloat():
		var lim uint64 = 1 << 53
		if to == values.F32 {
			lim = 1 << 24
		}
		if from == boolean {
			return true
		}
		if from.IsSigned() {
			n := x.Int()
			return n >= -int64(lim) && n <= int64(lim)
		}
		return x.Uint() <= lim
	case !to.IsFloat():
		f := x.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
		if to == boolean {
			return true
		}
		t := math.Trunc(f)
		bits := float64(to.Size() * 8)
		if to.IsSigned() {
			return t >= -math.Pow(2, bits-1) && t < math.Pow(2, bits-1)
		}
		return t >= 0 && t < math.Pow(2, bits)
	default:
		return !math.IsNaN(x.Float())
	}
}

// Algebra applies the algebraic identities of the operators (the seed's
// algebraic simplification), turning the statement into a copy of an
// operand or a constant. Integer identities hold in wrapping arithmetic;
// for floats only the ones that hold for every IEEE value, signed zeros
// and NaNs included (x*1, x/1, min x x), so x+0 (wrong for -0) and x*0
// (wrong for infinities and NaN) are integer-only.
var Algebra = &Rule{
	Name: "algebra",
	Doc:  "algebraic identities: x+0, x*1, x*0 (integers), x-x (integers), x/1, x&&true, !!x, ...",
	Match: func(c *Ctx, s *soac.Stm) any {
		if len(s.Pat) != 1 {
			return nil
		}
		r, ok := identity(c, s.Exp)
		if !ok {
			return nil
		}
		return r
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{letSub(s.Pat[0], m.(soac.SubExp), s.Pos)}}
	},
}

func isConst(x soac.SubExp, pred func(soac.PrimValue) bool) bool {
	k, ok := x.(soac.Const)
	return ok && pred(k.Value)
}

func isZero(x soac.SubExp) bool {
	return isConst(x, func(v soac.PrimValue) bool { return !v.T.IsFloat() && v.Bits == 0 })
}

func isOne(x soac.SubExp) bool {
	return isConst(x, func(v soac.PrimValue) bool {
		if v.T.IsFloat() {
			return v.Float() == 1
		}
		return v.Bits == 1
	})
}

func isBool(x soac.SubExp, b bool) bool {
	return isConst(x, func(v soac.PrimValue) bool { return v.T == boolean && v.Bool() == b })
}

func zeroOf(t soac.PrimType) soac.SubExp { return soac.Const{Value: soac.PrimValue{T: t}} }

func oneOf(t soac.PrimType) soac.SubExp {
	if t.IsFloat() {
		return soac.Const{Value: soac.FloatValue(t, 1)}
	}
	return soac.Const{Value: soac.IntValue(t, 1)}
}

func isInt(t soac.PrimType) bool { return !t.IsFloat() && t != boolean }

func identity(c *Ctx, e soac.Exp) (soac.SubExp, bool) {
	switch e := e.(type) {
	case *soac.BinOpExp:
		x, y, t := e.X, e.Y, e.T
		same := soac.SameSubExp(x, y)
		if t == boolean {
			switch e.Op {
			case soac.LogAnd, soac.And, soac.Min:
				switch {
				case isBool(y, true) || same:
					return x, true
				case isBool(x, true):
					return y, true
				case isBool(x, false) || isBool(y, false):
					return zeroOf(t), true
				}
			case soac.LogOr, soac.Or, soac.Max:
				switch {
				case isBool(y, false) || same:
					return x, true
				case isBool(x, false):
					return y, true
				case isBool(x, true) || isBool(y, true):
					return soac.Const{Value: soac.BoolValue(true)}, true
				}
			case soac.Xor:
				switch {
				case isBool(y, false):
					return x, true
				case isBool(x, false):
					return y, true
				case same:
					return zeroOf(t), true
				}
			}
			return nil, false
		}
		if t.IsFloat() {
			switch e.Op {
			case soac.Mul:
				if isOne(y) {
					return x, true
				}
				if isOne(x) {
					return y, true
				}
			case soac.Div:
				if isOne(y) {
					return x, true
				}
			case soac.Min, soac.Max:
				if same {
					return x, true
				}
			}
			return nil, false
		}
		switch e.Op {
		case soac.Add:
			if isZero(y) {
				return x, true
			}
			if isZero(x) {
				return y, true
			}
		case soac.Sub:
			if isZero(y) {
				return x, true
			}
			if same {
				return zeroOf(t), true
			}
		case soac.Mul:
			switch {
			case isOne(y):
				return x, true
			case isOne(x):
				return y, true
			case isZero(x) || isZero(y):
				return zeroOf(t), true
			}
		case soac.Div, soac.Quot:
			if isOne(y) {
				return x, true
			}
		case soac.Mod, soac.Rem:
			if isOne(y) {
				return zeroOf(t), true
			}
		case soac.Pow:
			if isZero(y) {
				return oneOf(t), true
			}
			if isOne(y) {
				return x, true
			}
		case soac.Shl, soac.Shr, soac.LShr:
			if isZero(y) {
				return x, true
			}
		case soac.And:
			if isZero(x) || isZero(y) {
				return zeroOf(t), true
			}
			if same {
				return x, true
			}
		case soac.Or:
			if isZero(y) || same {
				return x, true
			}
			if isZero(x) {
				return y, true
			}
		case soac.Xor:
			if isZero(y) {
				return x, true
			}
			if isZero(x) {
				return y, true
			}
			if same {
				return zeroOf(t), true
			}
		case soac.Min, soac.Max:
			if same {
				return x, true
			}
		}
	case *soac.CmpOpExp:
		if e.T.IsFloat() || !soac.SameSubExp(e.X, e.Y) {
			return nil, false
		}
		return soac.Const{Value: soac.BoolValue(e.Op != soac.Lt)}, true
	case *soac.UnOpExp:
		// An involution applied twice: not (not y), -(-y) on integers,
		// complement (complement y).
		v, ok := e.X.(soac.Var)
		if !ok || e.Op == soac.Abs || e.Op == soac.Signum || (e.Op == soac.Neg && !isInt(e.T)) {
			return nil, false
		}
		d := c.Def(v.Name)
		if d == nil {
			return nil, false
		}
		if inner, ok := d.Exp.(*soac.UnOpExp); ok && inner.Op == e.Op && inner.T == e.T {
			return inner.X, true
		}
	case *soac.ConvOpExp:
		if e.From == e.To {
			return e.X, true
		}
	}
	return nil, false
}

// Reassociate gathers the constants of a chain of one associative and
// commutative integer operator: (x op c1) op c2 becomes x op (c1 op c2),
// so that x + 1 + 2 is x + 3 (the seed's algebraic reassociation). Only
// integers: float addition is not associative.
var Reassociate = &Rule{
	Name: "reassociate",
	Doc:  "(x op c1) op c2 → x op (c1 op c2) for integer +, *, &, |, ^, min, max",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.BinOpExp)
		if !ok || !isInt(e.T) || !assocComm(e.Op) {
			return nil
		}
		v, k, ok := varConst(e.X, e.Y)
		if !ok {
			return nil
		}
		d := c.Def(v.Name)
		if d == nil {
			return nil
		}
		inner, ok := d.Exp.(*soac.BinOpExp)
		if !ok || inner.Op != e.Op || inner.T != e.T {
			return nil
		}
		w, k2, ok := varConst(inner.X, inner.Y)
		if !ok {
			return nil
		}
		r, err := soac.EvalBinOp(e.Op, e.T, k2.Value, k.Value)
		if err != nil {
			return nil
		}
		return &soac.BinOpExp{Op: e.Op, T: e.T, X: w, Y: soac.Const{Value: r}}
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: m.(soac.Exp), Pos: s.Pos}}}
	},
}

func assocComm(op soac.BinOp) bool {
	switch op {
	case soac.Add, soac.Mul, soac.And, soac.Or, soac.Xor, soac.Min, soac.Max:
		return true
	}
	return false
}

// varConst splits the operands of a commutative operator into a variable
// and a constant.
func varConst(x, y soac.SubExp) (soac.Var, soac.Const, bool) {
	if v, ok := x.(soac.Var); ok {
		if k, ok := y.(soac.Const); ok {
			return v, k, true
		}
	}
	if v, ok := y.(soac.Var); ok {
		if k, ok := x.(soac.Const); ok {
			return v, k, true
		}
	}
	return soac.Var{}, soac.Const{}, false
}

// SubConst turns an integer subtraction of a constant into the addition
// of its negation (exact in wrapping arithmetic), so that reassociation
// sees one operator: (x - 1) + 3 becomes x + 2.
var SubConst = &Rule{
	Name: "sub-const",
	Doc:  "x - c → x + (-c) for integers",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.BinOpExp)
		if !ok || e.Op != soac.Sub || !isInt(e.T) {
			return nil
		}
		k, ok := e.Y.(soac.Const)
		if !ok || k.Value.Bits == 0 {
			return nil
		}
		if _, ok := e.X.(soac.Var); !ok {
			return nil
		}
		neg, err := soac.EvalUnOp(soac.Neg, e.T, k.Value)
		if err != nil {
			return nil
		}
		return &soac.BinOpExp{Op: soac.Add, T: e.T, X: e.X, Y: soac.Const{Value: neg}}
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: m.(soac.Exp), Pos: s.Pos}}}
	},
}

// CommuteConst puts the constant operand of a commutative operator
// second, the canonical form the other rules look for (the seed puts it
// first; either works as long as it is one).
var CommuteConst = &Rule{
	Name: "commute-const",
	Doc:  "c op x → x op c for commutative op",
	Match: func(c *Ctx, s *soac.Stm) any {
		switch e := s.Exp.(type) {
		case *soac.BinOpExp:
			if !commutative(e.Op) {
				return nil
			}
			if _, ok := e.X.(soac.Const); ok {
				if _, ok := e.Y.(soac.Var); ok {
					return &soac.BinOpExp{Op: e.Op, T: e.T, X: e.Y, Y: e.X}
				}
			}
		case *soac.CmpOpExp:
			if e.Op != soac.Eq {
				return nil
			}
			if _, ok := e.X.(soac.Const); ok {
				if _, ok := e.Y.(soac.Var); ok {
					return &soac.CmpOpExp{Op: e.Op, T: e.T, X: e.Y, Y: e.X}
				}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: m.(soac.Exp), Pos: s.Pos}}}
	},
}
