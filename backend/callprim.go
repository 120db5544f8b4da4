package backend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates calls of primitive functions (soac.CallPrimExp),
// whose semantics soac/callprim.go defines. On the host the generated Go
// computes exactly what the interpreter computes: float functions in
// float64, rounded to the result type. In kernels the OpenCL built-ins of
// the argument type are used; they are correctly rounded or within a few
// ulp, which the test tolerance accepts, except where the built-in's
// meaning differs (round is rint, halves to even).

// goFloatFuns maps float functions of one or two arguments to their Go
// implementations on float64.
var goFloatFuns = map[string]string{
	"sqrt": "math.Sqrt", "cbrt": "math.Cbrt", "exp": "values.Exp", "log": "values.Log",
	"log2": "values.Log2", "log10": "values.Log10", "log1p": "math.Log1p",
	"sin": "values.Sin", "cos": "values.Cos", "tan": "values.Tan",
	"asin": "math.Asin", "acos": "math.Acos", "atan": "math.Atan",
	"sinh": "values.Sinh", "cosh": "values.Cosh", "tanh": "math.Tanh",
	"asinh": "math.Asinh", "acosh": "math.Acosh", "atanh": "math.Atanh",
	"gamma": "math.Gamma", "lgamma": "values.Lgamma",
	"erf": "math.Erf", "erfc": "math.Erfc",
	"floor": "math.Floor", "ceil": "math.Ceil", "round": "math.RoundToEven", "trunc": "math.Trunc",
	"atan2": "values.Atan2", "hypot": "math.Hypot", "copysign": "math.Copysign",
	"rsqrt": "values.Rsqrt", "sinpi": "values.Sinpi", "cospi": "values.Cospi", "tanpi": "values.Tanpi",
	"asinpi": "values.Asinpi", "acospi": "values.Acospi", "atanpi": "values.Atanpi", "atan2pi": "values.Atan2pi",
}

// goWiden is the float64 Go expression of a host float x of type t.
func goWiden(t soac.PrimType, x string) string {
	if t == values.F16 {
		return "exe.F16ToF64(" + x + ")"
	}
	return "float64(" + x + ")"
}

// goNarrow rounds the float64 Go expression x to the host type of float
// type t.
func goNarrow(t soac.PrimType, x string) string {
	switch t {
	case values.F16:
		return "exe.F16FromF64(" + x + ")"
	case values.F32:
		return "float32(" + x + ")"
	}
	return "float64(" + x + ")"
}

// goIntBits is the Go expression of an integer's bits, zero-extended to
// uint64.
func goIntBits(t soac.PrimType, x string) string {
	if t.IsSigned() {
		u := map[int]string{1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}[t.Size()]
		return fmt.Sprintf("uint64(%s(%s))", u, x)
	}
	return "uint64(" + x + ")"
}

// goCallPrim returns the Go expression of a primitive function call on
// host scalars xs.
func goCallPrim(e *soac.CallPrimExp, xs []string) (string, error) {
	ts := e.ArgTypes
	if _, err := soac.PrimFunType(e.Fn, ts); err != nil {
		return "", err
	}
	w := make([]string, len(xs))
	for i, x := range xs {
		if ts[i].IsFloat() {
			w[i] = goWiden(ts[i], x)
		}
	}
	t := e.T
	if fn, ok := goFloatFuns[e.Fn]; ok {
		if len(xs) == 1 {
			return goNarrow(t, fmt.Sprintf("%s(%s)", fn, w[0])), nil
		}
		return goNarrow(t, fmt.Sprintf("%s(%s, %s)", fn, w[0], w[1])), nil
	}
	rnd := func(x string) string { return goWiden(t, goNarrow(t, x)) }
	switch e.Fn {
	case "fma":
		return goNarrow(t, fmt.Sprintf("math.FMA(%s, %s, %s)", w[0], w[1], w[2])), nil
	case "mad":
		// The conversions forbid Go from fusing the operations.
		return goNarrow(t, fmt.Sprintf("%s + %s", rnd(w[0]+" * "+w[1]), w[2])), nil
	case "lerp":
		return goNarrow(t, fmt.Sprintf("%s + %s", w[0], rnd(rnd(w[1]+" - "+w[0])+" * "+w[2]))), nil
	case "isnan":
		return "math.IsNaN(" + w[0] + ")", nil
	case "isinf":
		return "math.IsInf(" + w[0] + ", 0)", nil
	case "to_bits":
		switch ts[0] {
		case values.F16:
			return "uint16(" + xs[0] + ")", nil
		case values.F32:
			return "math.Float32bits(" + xs[0] + ")", nil
		}
		return "math.Float64bits(" + xs[0] + ")", nil
	case "from_bits":
		switch t {
		case values.F16:
			return "exe.F16(" + xs[0] + ")", nil
		case values.F32:
			return "math.Float32frombits(" + xs[0] + ")", nil
		}
		return "math.Float64frombits(" + xs[0] + ")", nil
	case "nextafter":
		switch t {
		case values.F16:
			return fmt.Sprintf("exe.F16(values.Nextafter16(uint16(%s), uint16(%s)))", xs[0], xs[1]), nil
		case values.F32:
			return fmt.Sprintf("values.Nextafter32(%s, %s)", xs[0], xs[1]), nil
		}
		return fmt.Sprintf("values.Nextafter(%s, %s)", xs[0], xs[1]), nil
	case "ldexp":
		return goNarrow(t, fmt.Sprintf("math.Ldexp(%s, int(%s))", w[0], xs[1])), nil
	case "popc":
		return fmt.Sprintf("values.Popc(%s)", goIntBits(ts[0], xs[0])), nil
	case "clz":
		return fmt.Sprintf("values.Clz(%s, %d)", goIntBits(ts[0], xs[0]), 8*ts[0].Size()), nil
	case "ctz":
		return fmt.Sprintf("values.Ctz(%s, %d)", goIntBits(ts[0], xs[0]), 8*ts[0].Size()), nil
	case "mul_hi", "mad_hi":
		gt, err := goPrim(t)
		if err != nil {
			return "", err
		}
		var hi string
		switch {
		case t == values.I64:
			hi = fmt.Sprintf("values.MulHiI64(%s, %s)", xs[0], xs[1])
		case t == values.U64:
			hi = fmt.Sprintf("values.MulHiU64(%s, %s)", xs[0], xs[1])
		case t.IsSigned():
			hi = fmt.Sprintf("%s((int64(%s) * int64(%s)) >> %d)", gt, xs[0], xs[1], 8*t.Size())
		default:
			hi = fmt.Sprintf("%s((uint64(%s) * uint64(%s)) >> %d)", gt, xs[0], xs[1], 8*t.Size())
		}
		if e.Fn == "mad_hi" {
			return fmt.Sprintf("(%s + %s)", hi, xs[2]), nil
		}
		return hi, nil
	}
	return "", fmt.Errorf("primitive function %s not supported on the host", e.Fn)
}

// clFloatFuns maps float functions to OpenCL built-ins of the same
// meaning.
var clFloatFuns = map[string]string{
	"sqrt": "sqrt", "cbrt": "cbrt", "exp": "exp", "log": "log",
	"log2": "log2", "log10": "log10", "log1p": "log1p",
	"sin": "sin", "cos": "cos", "tan": "tan",
	"asin": "asin", "acos": "acos", "atan": "atan",
	"sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
	"asinh": "asinh", "acosh": "acosh", "atanh": "atanh",
	"gamma": "tgamma", "lgamma": "lgamma", "erf": "erf", "erfc": "erfc",
	"floor": "floor", "ceil": "ceil", "round": "rint", "trunc": "trunc",
	"atan2": "atan2", "hypot": "hypot", "copysign": "copysign",
	"nextafter": "nextafter", "fma": "fma",
	"rsqrt": "rsqrt", "sinpi": "sinpi", "cospi": "cospi", "tanpi": "tanpi",
	"asinpi": "asinpi", "acospi": "acospi", "atanpi": "atanpi", "atan2pi": "atan2pi",
}

// cCallPrim returns the OpenCL C expression of a primitive function call
// on kernel scalars xs. f16 values are held as floats in kernels: the
// float built-ins compute f16 functions, rounded to f16 after.
func cCallPrim(e *soac.CallPrimExp, xs []string) (string, error) {
	r, err := cCallPrim1(e, xs)
	if err == nil && e.T == values.F16 {
		r = "fcc_rnd_f16(" + r + ")"
	}
	return r, err
}

func cCallPrim1(e *soac.CallPrimExp, xs []string) (string, error) {
	ts := e.ArgTypes
	if _, err := soac.PrimFunType(e.Fn, ts); err != nil {
		return "", err
	}
	t := e.T
	ct, err := cType(t)
	if err != nil {
		return "", err
	}
	if e.Fn == "exp" && t == values.F64 {
		return fmt.Sprintf("fcc_exp_f64(%s)", xs[0]), nil
	}
	if fn, ok := clFloatFuns[e.Fn]; ok && !(t == values.F16 && e.Fn == "nextafter") {
		args := ""
		for i, x := range xs {
			if i > 0 {
				args += ", "
			}
			args += x
		}
		return fmt.Sprintf("%s(%s)", fn, args), nil
	}
	switch e.Fn {
	case "mad":
		// FP_CONTRACT is off: the product is rounded before the sum.
		if t == values.F16 {
			return fmt.Sprintf("fcc_rnd_f16(fcc_rnd_f16(%s * %s) + %s)", xs[0], xs[1], xs[2]), nil
		}
		return fmt.Sprintf("((%s * %s) + %s)", xs[0], xs[1], xs[2]), nil
	case "lerp":
		if t == values.F16 {
			return fmt.Sprintf("fcc_rnd_f16(%s + fcc_rnd_f16(fcc_rnd_f16(%s - %s) * %s))", xs[0], xs[1], xs[0], xs[2]), nil
		}
		return fmt.Sprintf("(%s + (%s - %s) * %s)", xs[0], xs[1], xs[0], xs[2]), nil
	case "isnan", "isinf":
		return fmt.Sprintf("(%s(%s) != 0)", e.Fn, xs[0]), nil
	case "to_bits":
		switch ts[0] {
		case values.F16:
			return fmt.Sprintf("fcc_f2h(%s)", xs[0]), nil
		case values.F32:
			return fmt.Sprintf("as_uint(%s)", xs[0]), nil
		}
		return fmt.Sprintf("as_ulong(%s)", xs[0]), nil
	case "from_bits":
		switch t {
		case values.F16:
			return fmt.Sprintf("fcc_h2f((ushort)%s)", xs[0]), nil
		case values.F32:
			return fmt.Sprintf("as_float(%s)", xs[0]), nil
		}
		return fmt.Sprintf("as_double(%s)", xs[0]), nil
	case "nextafter":
		return fmt.Sprintf("fcc_nextafter_f16(%s, %s)", xs[0], xs[1]), nil
	case "ldexp":
		return fmt.Sprintf("ldexp(%s, (int)%s)", xs[0], xs[1]), nil
	case "popc":
		return fmt.Sprintf("((int)popcount(%s))", xs[0]), nil
	case "clz":
		return fmt.Sprintf("((int)clz(%s))", xs[0]), nil
	case "ctz":
		u := map[int]string{1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}[ts[0].Size()]
		return fmt.Sprintf("fcc_ctz((ulong)(%s)%s, %d)", u, xs[0], 8*ts[0].Size()), nil
	case "mul_hi":
		return fmt.Sprintf("mul_hi(%s, %s)", xs[0], xs[1]), nil
	case "mad_hi":
		ut := unsignedOf(t)
		return fmt.Sprintf("((%s)((%s)mul_hi(%s, %s) + (%s)%s))", ct, ut, xs[0], xs[1], ut, xs[2]), nil
	}
	return "", fmt.Errorf("primitive function %s not supported in kernels", e.Fn)
}
