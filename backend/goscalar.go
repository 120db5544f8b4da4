package backend

import (
	"fmt"
	"math"
	"strconv"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates Go for host-side scalar code, with the semantics of
// soac/prim.go: Go's sized integers already wrap, the operators whose
// Futhark semantics differ from Go's call helpers in goPrelude that compute
// in 64 bits as the interpreter does, and every float operation is wrapped
// in a conversion, which in Go forbids fusing it with the next one.

// goPrelude is appended to every generated host program.
const goPrelude = `
// Scalar helpers with Futhark's semantics (see soac/prim.go in fcc).

var errDivByZero = errors.New("division by zero")

func fccSDiv(a, b int64) (int64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	if b == -1 {
		return -a, nil
	}
	q, r := a/b, a%b
	if r != 0 && (r < 0) != (b < 0) {
		q--
	}
	return q, nil
}

func fccSMod(a, b int64) (int64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	if b == -1 {
		return 0, nil
	}
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r, nil
}

func fccSQuot(a, b int64) (int64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	if b == -1 {
		return -a, nil
	}
	return a / b, nil
}

func fccSRem(a, b int64) (int64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

func fccUDiv(a, b uint64) (uint64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	return a / b, nil
}

func fccUMod(a, b uint64) (uint64, error) {
	if b == 0 {
		return 0, errDivByZero
	}
	return a % b, nil
}

func fccUPow(base, e uint64) (uint64, error) {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r *= base
		}
		base *= base
	}
	return r, nil
}

func fccSPow(base, e int64) (int64, error) {
	if e < 0 {
		return 0, errors.New("negative exponent in integer power")
	}
	r, _ := fccUPow(uint64(base), uint64(e))
	return int64(r), nil
}

func fccFMin(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return math.Min(a, b)
}

func fccFMax(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return math.Max(a, b)
}

func fccFSignum(f float64) float64 {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return f
}

func fccF2S(f float64) int64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	f = math.Trunc(f)
	if f >= -9.223372036854775808e18 && f < 9.223372036854775808e18 {
		return int64(f)
	}
	return 0
}

func fccF2U(f float64) uint64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	f = math.Trunc(f)
	if f >= 0 && f < 1.8446744073709551616e19 {
		return uint64(f)
	}
	if f < 0 && f >= -9.223372036854775808e18 {
		return uint64(int64(f))
	}
	return 0
}

func fccB2I(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// fccGroups is the number of work-groups of size group that cover n
// work-items, at least one.
func fccGroups(n, group int64) int64 {
	return max((n+group-1)/group, 1)
}

// fccStridedItems is the number of work-items launched for n points of a
// kernel whose work-items compute several (per) points each: n/per once
// there are enough points to keep the GPU busy that way, else n.
func fccStridedItems(n, per int64) int64 {
	if n >= 1<<22 {
		return (n + per - 1) / per
	}
	return n
}

// fccRowItems is the number of work-items launched for n points that each
// reduce a row of w elements, per points per work-item where the rows have
// at most tiny elements.
func fccRowItems(n, w, per, tiny int64) int64 {
	if w <= tiny {
		return fccStridedItems(n, per)
	}
	return n
}

var (
	_ = fmt.Errorf
	_ values.Value
	_ = fccSDiv
	_ = fccSMod
	_ = fccSQuot
	_ = fccSRem
	_ = fccUDiv
	_ = fccUMod
	_ = fccSPow
	_ = fccFMin
	_ = fccFMax
	_ = fccFSignum
	_ = fccF2S
	_ = fccF2U
	_ = fccB2I
	_ = fccGroups
	_ = fccStridedItems
	_ = fccRowItems
)
`

// goPrim is the Go type of a host scalar.
func goPrim(t soac.PrimType) (string, error) {
	switch t {
	case values.Bool:
		return "bool", nil
	case values.I8:
		return "int8", nil
	case values.I16:
		return "int16", nil
	case values.I32:
		return "int32", nil
	case values.I64:
		return "int64", nil
	case values.U8:
		return "uint8", nil
	case values.U16:
		return "uint16", nil
	case values.U32:
		return "uint32", nil
	case values.U64:
		return "uint64", nil
	case values.F32:
		return "float32", nil
	case values.F64:
		return "float64", nil
	case values.F16:
		// Held as its bits; arithmetic goes through float64 (exe.F16ToF64).
		return "exe.F16", nil
	}
	return "", fmt.Errorf("unknown primitive type %s", t)
}

// goType is the Go type of a host value: a scalar or a device array.
func goType(t soac.Type) (string, error) {
	if t.Rank() > 0 {
		if _, err := goPrim(t.Elem); err != nil {
			return "", err
		}
		return "*exe.DeviceArray", nil
	}
	return goPrim(t.Elem)
}

// goConst is a Go expression for a constant, exact for every value.
func goConst(v soac.PrimValue) (string, error) {
	gt, err := goPrim(v.T)
	if err != nil {
		return "", err
	}
	switch {
	case v.T == values.Bool:
		return strconv.FormatBool(v.Bool()), nil
	case v.T == values.F16:
		return fmt.Sprintf("exe.F16(0x%04x)", v.Bits), nil
	case v.T.IsFloat():
		f := v.Float()
		switch {
		case math.IsNaN(f):
			return gt + "(math.NaN())", nil
		case math.IsInf(f, 1):
			return gt + "(math.Inf(1))", nil
		case math.IsInf(f, -1):
			return gt + "(math.Inf(-1))", nil
		case f == 0 && math.Signbit(f):
			return gt + "(math.Copysign(0, -1))", nil
		}
		bits := 64
		if v.T == values.F32 {
			bits = 32
		}
		return fmt.Sprintf("%s(%s)", gt, strconv.FormatFloat(f, 'g', -1, bits)), nil
	case v.T.IsSigned():
		return fmt.Sprintf("%s(%d)", gt, v.Int()), nil
	default:
		return fmt.Sprintf("%s(%d)", gt, v.Uint()), nil
	}
}

// goBinOp returns the Go expression for x op y on t; failing is true when
// the expression is a helper call returning (value, error).
func goBinOp(op soac.BinOp, t soac.PrimType, x, y string) (expr string, failing bool, err error) {
	if t == values.F16 {
		// As the interpreter: in float64, rounded to f16.
		r, _, err := goBinOp(op, values.F64, goWiden(t, x), goWiden(t, y))
		return goNarrow(t, r), false, err
	}
	gt, err := goPrim(t)
	if err != nil {
		return "", false, err
	}
	switch {
	case t == values.Bool:
		switch op {
		case soac.And, soac.LogAnd, soac.Min:
			return fmt.Sprintf("(%s && %s)", x, y), false, nil
		case soac.Or, soac.LogOr, soac.Max:
			return fmt.Sprintf("(%s || %s)", x, y), false, nil
		case soac.Xor:
			return fmt.Sprintf("(%s != %s)", x, y), false, nil
		}
	case t.IsFloat():
		f := func(format string) (string, bool, error) {
			return gt + "(" + fmt.Sprintf(format, x, y) + ")", false, nil
		}
		switch op {
		case soac.Add:
			return f("%s + %s")
		case soac.Sub:
			return f("%s - %s")
		case soac.Mul:
			return f("%s * %s")
		case soac.Div:
			return f("%s / %s")
		case soac.Mod:
			return f("math.Mod(float64(%s), float64(%s))")
		case soac.Pow:
			return f("values.Pow(float64(%s), float64(%s))")
		case soac.Min:
			return f("fccFMin(float64(%s), float64(%s))")
		case soac.Max:
			return f("fccFMax(float64(%s), float64(%s))")
		}
	default:
		signed := t.IsSigned()
		w := "int64"
		if !signed {
			w = "uint64"
		}
		shift := fmt.Sprintf("(uint64(%s) & 63)", y)
		switch op {
		case soac.Add:
			return fmt.Sprintf("(%s + %s)", x, y), false, nil
		case soac.Sub:
			return fmt.Sprintf("(%s - %s)", x, y), false, nil
		case soac.Mul:
			return fmt.Sprintf("(%s * %s)", x, y), false, nil
		case soac.Div, soac.Mod, soac.Quot, soac.Rem, soac.Pow:
			var fn string
			if signed {
				fn = map[soac.BinOp]string{soac.Div: "fccSDiv", soac.Mod: "fccSMod", soac.Quot: "fccSQuot", soac.Rem: "fccSRem", soac.Pow: "fccSPow"}[op]
			} else {
				fn = map[soac.BinOp]string{soac.Div: "fccUDiv", soac.Mod: "fccUMod", soac.Quot: "fccUDiv", soac.Rem: "fccUMod", soac.Pow: "fccUPow"}[op]
			}
			return fmt.Sprintf("%s(%s(%s), %s(%s))", fn, w, x, w, y), true, nil
		case soac.Shl:
			return fmt.Sprintf("%s(%s(%s) << %s)", gt, w, x, shift), false, nil
		case soac.Shr:
			return fmt.Sprintf("%s(%s(%s) >> %s)", gt, w, x, shift), false, nil
		case soac.LShr:
			ut := "u" + gt
			if !signed {
				ut = gt
			}
			return fmt.Sprintf("%s(uint64(%s(%s)) >> %s)", gt, ut, x, shift), false, nil
		case soac.And:
			return fmt.Sprintf("(%s & %s)", x, y), false, nil
		case soac.Or:
			return fmt.Sprintf("(%s | %s)", x, y), false, nil
		case soac.Xor:
			return fmt.Sprintf("(%s ^ %s)", x, y), false, nil
		case soac.Min:
			return fmt.Sprintf("min(%s, %s)", x, y), false, nil
		case soac.Max:
			return fmt.Sprintf("max(%s, %s)", x, y), false, nil
		}
	}
	return "", false, fmt.Errorf("operator %s not defined on %s", op, t)
}

// goCmpOp compares two host scalars.
func goCmpOp(op soac.CmpOp, t soac.PrimType, x, y string) (string, error) {
	if _, err := goPrim(t); err != nil {
		return "", err
	}
	if t == values.F16 {
		x, y = goWiden(t, x), goWiden(t, y)
	}
	if t == values.Bool {
		switch op {
		case soac.Eq:
			return fmt.Sprintf("(%s == %s)", x, y), nil
		case soac.Lt:
			return fmt.Sprintf("(!%s && %s)", x, y), nil
		default:
			return fmt.Sprintf("(!%s || %s)", x, y), nil
		}
	}
	sym := map[soac.CmpOp]string{soac.Eq: "==", soac.Lt: "<", soac.Le: "<="}[op]
	return fmt.Sprintf("(%s %s %s)", x, sym, y), nil
}

// goUnOp applies a unary operator to a host scalar.
func goUnOp(op soac.UnOp, t soac.PrimType, x string) (string, error) {
	if t == values.F16 {
		r, err := goUnOp(op, values.F64, goWiden(t, x))
		return goNarrow(t, r), err
	}
	gt, err := goPrim(t)
	if err != nil {
		return "", err
	}
	switch {
	case t == values.Bool:
		if op == soac.Not || op == soac.Complement {
			return "(!" + x + ")", nil
		}
	case t.IsFloat():
		switch op {
		case soac.Neg:
			return "(-" + x + ")", nil
		case soac.Abs:
			return fmt.Sprintf("%s(math.Abs(float64(%s)))", gt, x), nil
		case soac.Signum:
			return fmt.Sprintf("%s(fccFSignum(float64(%s)))", gt, x), nil
		}
	default:
		switch op {
		case soac.Neg:
			return "(-" + x + ")", nil
		case soac.Complement:
			return "(^" + x + ")", nil
		case soac.Abs:
			if !t.IsSigned() {
				return x, nil
			}
			return fmt.Sprintf("%s(max(int64(%s), -int64(%s)))", gt, x, x), nil
		case soac.Signum:
			if !t.IsSigned() {
				return fmt.Sprintf("%s(fccB2I(%s != 0))", gt, x), nil
			}
			return fmt.Sprintf("(%s(fccB2I(%s > 0)) - %s(fccB2I(%s < 0)))", gt, x, gt, x), nil
		}
	}
	return "", fmt.Errorf("operator %s not defined on %s", op, t)
}

// goConvOp converts a host scalar as soac.Convert does.
func goConvOp(from, to soac.PrimType, x string) (string, error) {
	if _, err := goPrim(from); err != nil {
		return "", err
	}
	gt, err := goPrim(to)
	if err != nil {
		return "", err
	}
	if from == values.F16 {
		x, from = goWiden(from, x), values.F64
	}
	if to == values.F16 {
		// Rounded once from float64, as the interpreter's f16.f64 (the
		// float64 is exact for f32 and for integers of f16's range).
		r, err := goConvOp(from, values.F64, x)
		return "exe.F16(values.F16FromFloat64(" + r + "))", err
	}
	switch {
	case to == values.Bool:
		if from == values.Bool {
			return x, nil
		}
		return fmt.Sprintf("(%s != 0)", x), nil
	case from == values.Bool:
		return fmt.Sprintf("%s(fccB2I(%s))", gt, x), nil
	case from.IsFloat() && !to.IsFloat():
		if to.IsSigned() {
			return fmt.Sprintf("%s(fccF2S(float64(%s)))", gt, x), nil
		}
		return fmt.Sprintf("%s(fccF2U(float64(%s)))", gt, x), nil
	case to.IsFloat():
		// The interpreter converts through float64, rounding twice for
		// 64-bit integers to f32; do the same.
		return fmt.Sprintf("%s(float64(%s))", gt, x), nil
	case from.IsSigned() && to.IsUnsigned() && to.Size() > from.Size():
		// Zero-extended, as in Futhark (see cConvOp).
		ut, _ := goPrim(from + values.U8 - values.I8)
		return fmt.Sprintf("%s(%s(%s))", gt, ut, x), nil
	}
	return fmt.Sprintf("%s(%s)", gt, x), nil
}
