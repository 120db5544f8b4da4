package soac

import (
	"fmt"
	"math"

	"github.com/fcclang/fcc/runtime/values"
)

// Primitive functions (CallPrimExp).
//
// CallPrimExp{Fn, ArgTypes, T, Args} calls one of the functions of
// Futhark's numeric modules by its plain name; the module is given by the
// argument types: f32.atan2 x y is
//
//	CallPrimExp{Fn: "atan2", ArgTypes: {f32, f32}, T: f32, Args: {x, y}}
//
// Arguments are in the order of the Futhark function's curried
// parameters. In the table F is any of f16, f32, f64 (every argument and
// the result of one call have the same F), I any integer type i8…i64,
// u8…u64, and U the unsigned type of F's width (u16, u32, u64).
//
//	name       arguments        result  meaning
//	sqrt       (x: F)           F       square root
//	cbrt       (x: F)           F       cube root
//	exp        (x: F)           F       e^x
//	log        (x: F)           F       natural logarithm
//	log2       (x: F)           F       base-2 logarithm
//	log10      (x: F)           F       base-10 logarithm
//	log1p      (x: F)           F       log(1+x)
//	sin, cos, tan (x: F)        F       trigonometric functions
//	asin, acos, atan (x: F)     F       their inverses
//	sinh, cosh, tanh (x: F)     F       hyperbolic functions
//	asinh, acosh, atanh (x: F)  F       their inverses
//	atan2      (y: F, x: F)     F       angle of the point (x, y), as C atan2
//	hypot      (x: F, y: F)     F       sqrt(x*x+y*y) without undue overflow
//	gamma      (x: F)           F       the gamma function
//	lgamma     (x: F)           F       log |gamma(x)|
//	erf        (x: F)           F       error function
//	erfc       (x: F)           F       1 - erf(x)
//	floor      (x: F)           F       round down
//	ceil       (x: F)           F       round up
//	round      (x: F)           F       round to nearest, halves to even (C rint)
//	trunc      (x: F)           F       round towards zero
//	fma        (a: F, b: F, c: F) F     a*b+c rounded once
//	mad        (a: F, b: F, c: F) F     a*b+c, the product rounded first
//	lerp       (v0: F, v1: F, t: F) F   v0 + (v1-v0)*t
//	isnan      (x: F)           bool    x is a NaN
//	isinf      (x: F)           bool    x is an infinity
//	to_bits    (x: F)           U       the IEEE bits of x
//	from_bits  (x: U)           F       the float whose IEEE bits are x (T names F)
//	copysign   (x: F, y: F)     F       |x| with the sign of y
//	nextafter  (x: F, y: F)     F       the next representable value after x towards y
//	ldexp      (x: F, e: i32)   F       x * 2^e
//	popc       (x: I)           i32     number of one bits
//	clz        (x: I)           i32     leading zero bits (the width for 0)
//	ctz        (x: I)           i32     trailing zero bits (the width for 0)
//	mul_hi     (x: I, y: I)     I       the high half of the double-width product
//	mad_hi     (x: I, y: I, z: I) I     mul_hi x y + z (wrapping)
//
// Float functions are computed in double precision and rounded to the
// result type (f32 results to single precision, f16 results through f32,
// as Futhark's backends compute f16 functions); mad and lerp round after
// each operation in the result type.

// primFun is the implementation of a primitive function for given
// argument types.
type primFun func(args []PrimValue) PrimValue

var float1Funs = map[string]func(float64) float64{
	"sqrt": math.Sqrt, "cbrt": math.Cbrt, "exp": values.Exp, "log": values.Log,
	"log2": values.Log2, "log10": values.Log10, "log1p": math.Log1p,
	"sin": values.Sin, "cos": values.Cos, "tan": values.Tan,
	"asin": math.Asin, "acos": math.Acos, "atan": math.Atan,
	"sinh": values.Sinh, "cosh": values.Cosh, "tanh": math.Tanh,
	"asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh,
	"gamma":  math.Gamma,
	"lgamma": values.Lgamma,
	"erf":    math.Erf, "erfc": math.Erfc,
	"floor": math.Floor, "ceil": math.Ceil, "round": math.RoundToEven, "trunc": math.Trunc,
	"rsqrt": values.Rsqrt, "sinpi": values.Sinpi, "cospi": values.Cospi, "tanpi": values.Tanpi,
	"asinpi": values.Asinpi, "acospi": values.Acospi, "atanpi": values.Atanpi,
}

var float2Funs = map[string]func(float64, float64) float64{
	"atan2": values.Atan2, "hypot": math.Hypot, "copysign": math.Copysign,
	"atan2pi": values.Atan2pi,
}

// PrimFunNames lists the names of the primitive functions.
func PrimFunNames() []string {
	var ns []string
	for n := range float1Funs {
		ns = append(ns, n)
	}
	for n := range float2Funs {
		ns = append(ns, n)
	}
	return append(ns, "fma", "mad", "lerp", "isnan", "isinf", "to_bits", "from_bits",
		"nextafter", "ldexp", "popc", "clz", "ctz", "mul_hi", "mad_hi")
}

// PrimFunType returns the result type of the primitive function fn
// applied to arguments of types args, or an error if fn does not exist or
// does not take such arguments. For from_bits, whose result type is not
// determined by its argument, it returns the float type of the argument's
// width.
func PrimFunType(fn string, args []PrimType) (PrimType, error) {
	_, t, err := lookupPrimFun(fn, args)
	return t, err
}

// EvalPrimFun applies the primitive function fn to args.
func EvalPrimFun(fn string, args []PrimValue) (PrimValue, error) {
	ts := make([]PrimType, len(args))
	for i, a := range args {
		ts[i] = a.T
	}
	f, _, err := lookupPrimFun(fn, ts)
	if err != nil {
		return PrimValue{}, err
	}
	return f(args), nil
}

func floatOfWidth(t PrimType) (PrimType, bool) {
	switch t {
	case values.U16:
		return values.F16, true
	case values.U32:
		return values.F32, true
	case values.U64:
		return values.F64, true
	}
	return 0, false
}

func uintOfWidth(t PrimType) PrimType {
	switch t {
	case values.F16:
		return values.U16
	case values.F32:
		return values.U32
	}
	return values.U64
}

func lookupPrimFun(fn string, ts []PrimType) (primFun, PrimType, error) {
	bad := func() (primFun, PrimType, error) {
		return nil, 0, fmt.Errorf("primitive function %s not defined on %s", fn, typeList(ts))
	}
	// allSame reports whether there are n arguments, all of type ts[0],
	// and ts[0] satisfies ok.
	allSame := func(n int, ok func(PrimType) bool) bool {
		if len(ts) != n || !ok(ts[0]) {
			return false
		}
		for _, t := range ts {
			if t != ts[0] {
				return false
			}
		}
		return true
	}
	isFloat := func(t PrimType) bool { return t.IsFloat() }
	isInt := func(t PrimType) bool { return t.IsInt() }
	if f, ok := float1Funs[fn]; ok {
		if !allSame(1, isFloat) {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue { return FloatValue(t, f(a[0].Float())) }, t, nil
	}
	if f, ok := float2Funs[fn]; ok {
		if !allSame(2, isFloat) {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue { return FloatValue(t, f(a[0].Float(), a[1].Float())) }, t, nil
	}
	switch fn {
	case "fma", "mad", "lerp":
		if !allSame(3, isFloat) {
			return bad()
		}
		t := ts[0]
		rnd := func(x float64) float64 { return FloatValue(t, x).Float() }
		switch fn {
		case "fma":
			return func(a []PrimValue) PrimValue {
				return FloatValue(t, math.FMA(a[0].Float(), a[1].Float(), a[2].Float()))
			}, t, nil
		case "mad":
			return func(a []PrimValue) PrimValue {
				return FloatValue(t, rnd(a[0].Float()*a[1].Float())+a[2].Float())
			}, t, nil
		default:
			return func(a []PrimValue) PrimValue {
				v0, v1, x := a[0].Float(), a[1].Float(), a[2].Float()
				return FloatValue(t, v0+rnd(rnd(v1-v0)*x))
			}, t, nil
		}
	case "isnan", "isinf":
		if !allSame(1, isFloat) {
			return bad()
		}
		if fn == "isnan" {
			return func(a []PrimValue) PrimValue { return BoolValue(math.IsNaN(a[0].Float())) }, values.Bool, nil
		}
		return func(a []PrimValue) PrimValue { return BoolValue(math.IsInf(a[0].Float(), 0)) }, values.Bool, nil
	case "to_bits":
		if !allSame(1, isFloat) {
			return bad()
		}
		u := uintOfWidth(ts[0])
		return func(a []PrimValue) PrimValue { return PrimValue{T: u, Bits: a[0].Bits} }, u, nil
	case "from_bits":
		if len(ts) != 1 {
			return bad()
		}
		f, ok := floatOfWidth(ts[0])
		if !ok {
			return bad()
		}
		return func(a []PrimValue) PrimValue { return PrimValue{T: f, Bits: a[0].Bits} }, f, nil
	case "nextafter":
		if !allSame(2, isFloat) {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue { return nextAfter(t, a[0], a[1]) }, t, nil
	case "ldexp":
		if len(ts) != 2 || !ts[0].IsFloat() || ts[1] != values.I32 {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue { return FloatValue(t, math.Ldexp(a[0].Float(), int(a[1].Int()))) }, t, nil
	case "popc", "clz", "ctz":
		if !allSame(1, isInt) {
			return bad()
		}
		w := ts[0].Size() * 8
		switch fn {
		case "popc":
			return func(a []PrimValue) PrimValue { return IntValue(values.I32, int64(values.Popc(a[0].Bits))) }, values.I32, nil
		case "clz":
			return func(a []PrimValue) PrimValue { return IntValue(values.I32, int64(values.Clz(a[0].Bits, w))) }, values.I32, nil
		default:
			return func(a []PrimValue) PrimValue { return IntValue(values.I32, int64(values.Ctz(a[0].Bits, w))) }, values.I32, nil
		}
	case "mul_hi":
		if !allSame(2, isInt) {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue { return mulHi(t, a[0], a[1]) }, t, nil
	case "mad_hi":
		if !allSame(3, isInt) {
			return bad()
		}
		t := ts[0]
		return func(a []PrimValue) PrimValue {
			h := mulHi(t, a[0], a[1])
			return PrimValue{T: t, Bits: (h.Bits + a[2].Bits) & widthMask(t)}
		}, t, nil
	}
	return nil, 0, fmt.Errorf("unknown primitive function %s", fn)
}

func typeList(ts []PrimType) string {
	s := "("
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += t.String()
	}
	return s + ")"
}

// mulHi is the high half of the double-width product of two integers of
// type t.
func mulHi(t PrimType, x, y PrimValue) PrimValue {
	w := uint(t.Size() * 8)
	if w < 64 {
		if t.IsSigned() {
			return IntValue(t, (x.Int()*y.Int())>>w)
		}
		return PrimValue{T: t, Bits: (x.Bits * y.Bits) >> w}
	}
	if t.IsSigned() {
		return IntValue(t, values.MulHiI64(x.Int(), y.Int()))
	}
	return PrimValue{T: t, Bits: values.MulHiU64(x.Bits, y.Bits)}
}

// nextAfter is C nextafter on type t.
func nextAfter(t PrimType, x, y PrimValue) PrimValue {
	switch t {
	case values.F64:
		return FloatValue(t, values.Nextafter(x.Float(), y.Float()))
	case values.F32:
		r := values.Nextafter32(float32(x.Float()), float32(y.Float()))
		return PrimValue{T: t, Bits: uint64(math.Float32bits(r))}
	}
	return PrimValue{T: t, Bits: uint64(values.Nextafter16(uint16(x.Bits), uint16(y.Bits)))}
}
