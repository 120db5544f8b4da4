package soac

import (
	"fmt"
	"math"
	"strconv"

	"github.com/fcclang/fcc/runtime/values"
)

// PrimValue is a scalar of some primitive type. Integers are stored as their
// two's-complement bits truncated to the type's width, floats as their IEEE
// bits (f16 as half-precision bits), bools as 0 or 1.
type PrimValue struct {
	T    PrimType
	Bits uint64
}

func widthMask(t PrimType) uint64 {
	n := t.Size() * 8
	if n == 64 {
		return math.MaxUint64
	}
	return 1<<uint(n) - 1
}

// IntValue is the integer x converted (wrapping) to integer type t.
func IntValue(t PrimType, x int64) PrimValue {
	return PrimValue{T: t, Bits: uint64(x) & widthMask(t)}
}

// FloatValue is x rounded to float type t.
func FloatValue(t PrimType, x float64) PrimValue {
	switch t {
	case values.F64:
		return PrimValue{T: t, Bits: math.Float64bits(x)}
	case values.F32:
		return PrimValue{T: t, Bits: uint64(math.Float32bits(float32(x)))}
	case values.F16:
		// Rounding through f32 first can differ from direct rounding only in
		// rare halfway cases; values.F16FromFloat32 is the shared converter.
		return PrimValue{T: t, Bits: uint64(values.F16FromFloat32(float32(x)))}
	}
	panic("soac: FloatValue of non-float type " + t.String())
}

// BoolValue is a bool scalar.
func BoolValue(b bool) PrimValue {
	if b {
		return PrimValue{T: values.Bool, Bits: 1}
	}
	return PrimValue{T: values.Bool}
}

// Int is the value of an integer scalar, sign- or zero-extended by type.
func (v PrimValue) Int() int64 {
	if v.T.IsSigned() {
		n := uint(64 - v.T.Size()*8)
		return int64(v.Bits<<n) >> n
	}
	return int64(v.Bits)
}

// Uint is the bits of an integer scalar, zero-extended.
func (v PrimValue) Uint() uint64 { return v.Bits }

// Float is the value of a float scalar.
func (v PrimValue) Float() float64 {
	switch v.T {
	case values.F64:
		return math.Float64frombits(v.Bits)
	case values.F32:
		return float64(math.Float32frombits(uint32(v.Bits)))
	case values.F16:
		return float64(values.F16ToFloat32(uint16(v.Bits)))
	}
	panic("soac: Float of non-float value of type " + v.T.String())
}

// Bool is the value of a bool scalar.
func (v PrimValue) Bool() bool { return v.Bits != 0 }

// String returns the text form of a scalar, as the printer writes it and
// the parser reads it back bit-exactly: 2f32, -1i32, 255u8, true,
// f32.nan, -f64.inf. Floats are written with the fewest digits that read
// back as the same value of their type. A NaN other than the one
// FloatValue(t, NaN) makes carries its bits: f32.nan(0x7fa00000).
func (v PrimValue) String() string {
	switch {
	case v.T == values.Bool:
		if v.Bool() {
			return "true"
		}
		return "false"
	case v.T.IsFloat():
		f := v.Float()
		switch {
		case math.IsNaN(f):
			if v.Bits == FloatValue(v.T, math.NaN()).Bits {
				return v.T.String() + ".nan"
			}
			return fmt.Sprintf("%s.nan(%#x)", v.T, v.Bits)
		case math.IsInf(f, 1):
			return v.T.String() + ".inf"
		case math.IsInf(f, -1):
			return "-" + v.T.String() + ".inf"
		}
		bitSize := 64
		if v.T != values.F64 {
			bitSize = 32 // f16 values are exact in f32
		}
		return strconv.FormatFloat(f, 'g', -1, bitSize) + v.T.String()
	case v.T.IsSigned():
		return strconv.FormatInt(v.Int(), 10) + v.T.String()
	default:
		return strconv.FormatUint(v.Uint(), 10) + v.T.String()
	}
}

// BinOp is a binary scalar operator. Which integer semantics apply
// (signed or unsigned) follows the operand type.
type BinOp int

// The binary operators, with Futhark's semantics.
const (
	Add    BinOp = iota
	Sub          // subtraction
	Mul          // multiplication
	Div          // integers: rounds towards negative infinity (signed); floats: IEEE
	Mod          // integers: sign of the divisor; floats: fmod
	Quot         // integer division rounding towards zero (//)
	Rem          // remainder with the sign of the dividend (%%)
	Pow          // exponentiation
	Shl          // shift left
	Shr          // arithmetic shift right for signed, logical for unsigned
	LShr         // logical shift right (>>>)
	And          // bitwise and (logical for bool)
	Or           // bitwise or (logical for bool)
	Xor          // bitwise xor
	LogAnd       // logical and
	LogOr        // logical or
	Min          // minimum
	Max          // maximum
)

var binOpNames = [...]string{"add", "sub", "mul", "div", "mod", "quot", "rem", "pow", "shl", "shr", "lshr", "and", "or", "xor", "logand", "logor", "min", "max"}

func (op BinOp) String() string { return binOpNames[op] }

// CmpOp is a comparison operator.
type CmpOp int

// The comparison operators.
const (
	Eq CmpOp = iota
	Lt
	Le
)

func (op CmpOp) String() string { return [...]string{"eq", "lt", "le"}[op] }

// UnOp is a unary scalar operator.
type UnOp int

// The unary operators.
const (
	Neg        UnOp = iota // arithmetic negation
	Not                    // logical negation
	Complement             // bitwise complement
	Abs                    // absolute value
	Signum                 // sign: -1, 0 or 1
)

func (op UnOp) String() string {
	return [...]string{"neg", "not", "complement", "abs", "signum"}[op]
}

// ErrDivByZero is returned for integer division by zero.
var ErrDivByZero = values.ErrDivByZero

// EvalBinOp applies op to two scalars of type t.
func EvalBinOp(op BinOp, t PrimType, x, y PrimValue) (PrimValue, error) {
	switch {
	case t == values.Bool:
		a, b := x.Bool(), y.Bool()
		switch op {
		case LogAnd, And:
			return BoolValue(a && b), nil
		case LogOr, Or:
			return BoolValue(a || b), nil
		case Xor:
			return BoolValue(a != b), nil
		case Min:
			return BoolValue(a && b), nil
		case Max:
			return BoolValue(a || b), nil
		}
	case t.IsFloat():
		return evalFloatBinOp(op, t, x.Float(), y.Float())
	case t.IsSigned():
		return evalSignedBinOp(op, t, x.Int(), y.Int())
	default:
		return evalUnsignedBinOp(op, t, x.Uint(), y.Uint())
	}
	return PrimValue{}, fmt.Errorf("operator %s not defined on %s", op, t)
}

func evalFloatBinOp(op BinOp, t PrimType, a, b float64) (PrimValue, error) {
	var r float64
	switch op {
	case Add:
		r = a + b
	case Sub:
		r = a - b
	case Mul:
		r = a * b
	case Div:
		r = a / b
	case Mod:
		r = math.Mod(a, b)
	case Pow:
		r = values.Pow(a, b)
	case Min:
		r = values.FMin(a, b)
	case Max:
		r = values.FMax(a, b)
	default:
		return PrimValue{}, fmt.Errorf("operator %s not defined on %s", op, t)
	}
	if t == values.F32 {
		// Round each operation to single precision, as the device does.
		return PrimValue{T: t, Bits: uint64(math.Float32bits(float32(r)))}, nil
	}
	return FloatValue(t, r), nil
}

// signedDivOps are the signed operators that can fail.
var signedDivOps = map[BinOp]func(a, b int64) (int64, error){
	Div: values.SDiv, Mod: values.SMod, Quot: values.SQuot, Rem: values.SRem, Pow: values.SPow,
}

// evalIntBinOp applies the operators whose meaning is Go's on 64-bit
// integers of either signedness; ok is false for the others.
func evalIntBinOp[T int64 | uint64](op BinOp, a, b T) (r T, ok bool) {
	switch op {
	case Add:
		return a + b, true
	case Sub:
		return a - b, true
	case Mul:
		return a * b, true
	case And:
		return a & b, true
	case Or:
		return a | b, true
	case Xor:
		return a ^ b, true
	case Min:
		return min(a, b), true
	case Max:
		return max(a, b), true
	}
	return 0, false
}

func evalSignedBinOp(op BinOp, t PrimType, a, b int64) (PrimValue, error) {
	// Arithmetic is done in 64 bits and wrapped to the type's width, which
	// gives two's-complement wrapping for every width.
	r, ok := evalIntBinOp(op, a, b)
	if !ok {
		switch op {
		case Div, Mod, Quot, Rem, Pow:
			var err error
			if r, err = signedDivOps[op](a, b); err != nil {
				return PrimValue{}, err
			}
		case Shl:
			r = a << uint64(b&63)
		case Shr:
			r = a >> uint64(b&63)
		case LShr:
			r = int64((uint64(a) & widthMask(t)) >> uint64(b&63))
		default:
			return PrimValue{}, fmt.Errorf("operator %s not defined on %s", op, t)
		}
	}
	return IntValue(t, r), nil
}

func evalUnsignedBinOp(op BinOp, t PrimType, a, b uint64) (PrimValue, error) {
	r, ok := evalIntBinOp(op, a, b)
	if !ok {
		switch op {
		case Div, Quot, Mod, Rem:
			f := values.UDiv
			if op == Mod || op == Rem {
				f = values.UMod
			}
			var err error
			if r, err = f(a, b); err != nil {
				return PrimValue{}, err
			}
		case Pow:
			r = values.UPow(a, b)
		case Shl:
			r = a << (b & 63)
		case Shr, LShr:
			r = a >> (b & 63)
		default:
			return PrimValue{}, fmt.Errorf("operator %s not defined on %s", op, t)
		}
	}
	return PrimValue{T: t, Bits: r & widthMask(t)}, nil
}

// EvalCmpOp compares two scalars of type t.
func EvalCmpOp(op CmpOp, t PrimType, x, y PrimValue) bool {
	switch {
	case t.IsFloat():
		return compare(op, x.Float(), y.Float())
	case t.IsSigned():
		return compare(op, x.Int(), y.Int())
	}
	return compare(op, x.Bits, y.Bits) // unsigned and bool
}

func compare[T int64 | uint64 | float64](op CmpOp, a, b T) bool {
	switch op {
	case Eq:
		return a == b
	case Lt:
		return a < b
	}
	return a <= b
}

// EvalUnOp applies a unary operator to a scalar of type t.
func EvalUnOp(op UnOp, t PrimType, x PrimValue) (PrimValue, error) {
	switch {
	case t == values.Bool:
		if op == Not || op == Complement {
			return BoolValue(!x.Bool()), nil
		}
	case t.IsFloat():
		f := x.Float()
		switch op {
		case Neg:
			return FloatValue(t, -f), nil
		case Abs:
			return FloatValue(t, math.Abs(f)), nil
		case Signum:
			if f == 0 || math.IsNaN(f) {
				return x, nil // keeps a zero's sign and a NaN's bits
			}
			return FloatValue(t, values.FSignum(f)), nil
		}
	case t.IsSigned():
		a := x.Int()
		switch op {
		case Neg:
			return IntValue(t, -a), nil
		case Complement:
			return IntValue(t, ^a), nil
		case Abs:
			if a < 0 {
				a = -a
			}
			return IntValue(t, a), nil
		case Signum:
			switch {
			case a > 0:
				return IntValue(t, 1), nil
			case a < 0:
				return IntValue(t, -1), nil
			}
			return IntValue(t, 0), nil
		}
	default:
		a := x.Uint()
		switch op {
		case Neg:
			return PrimValue{T: t, Bits: -a & widthMask(t)}, nil
		case Complement:
			return PrimValue{T: t, Bits: ^a & widthMask(t)}, nil
		case Abs:
			return x, nil
		case Signum:
			if a == 0 {
				return x, nil
			}
			return PrimValue{T: t, Bits: 1}, nil
		}
	}
	return PrimValue{}, fmt.Errorf("operator %s not defined on %s", op, t)
}

// Convert converts a scalar to type to, as Futhark's conversion functions
// do: integers wrap, floats to integers truncate towards zero, bools are
// 0 or 1.
func Convert(x PrimValue, to PrimType) PrimValue {
	from := x.T
	switch {
	case to == values.Bool:
		if from.IsFloat() {
			return BoolValue(x.Float() != 0)
		}
		return BoolValue(x.Bits != 0)
	case to.IsFloat():
		switch {
		case from == values.Bool:
			return FloatValue(to, float64(x.Bits))
		case from == values.F64 && to == values.F16:
			return PrimValue{T: to, Bits: uint64(values.F16FromFloat64(x.Float()))}
		case from.IsFloat():
			return FloatValue(to, x.Float())
		case from.IsSigned():
			return FloatValue(to, float64(x.Int()))
		default:
			return FloatValue(to, float64(x.Uint()))
		}
	default: // integer target
		switch {
		case from == values.Bool:
			return PrimValue{T: to, Bits: x.Bits}
		case from.IsFloat():
			return floatToInt(x.Float(), to)
		case from.IsSigned() && to.IsSigned():
			return IntValue(to, x.Int())
		default:
			// Futhark's u16.i8 and i32.u8 zero-extend: only a signed
			// value widened to a signed type is sign-extended.
			return PrimValue{T: to, Bits: x.Uint() & widthMask(to)}
		}
	}
}

func floatToInt(f float64, to PrimType) PrimValue {
	if to.IsSigned() {
		return IntValue(to, values.F2S(f))
	}
	return PrimValue{T: to, Bits: values.F2U(f) & widthMask(to)}
}
