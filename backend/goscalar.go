package backend

import (
	"fmt"
	"math"
	"strconv"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates Go for host-side scalar code, with the semantics of
// soac/prim.go: Go's sized integers already wrap, and the operators whose
// Futhark semantics differ from Go's call the functions of runtime/values
// that the interpreter calls (see scalarops.go).

// goPrelude is appended to every generated host program.
const goPrelude = `
// Scalar operators with Futhark's semantics are in fcc's runtime/values,
// which the interpreter calls too.

// fccGroups is the number of work-groups of size group that cover n
// work-items, at least one.
func fccGroups(n, group int64) int64 {
	return max((n+group-1)/group, 1)
}

// fccSplitParts is the work-items per point of a map of k independent
// parts (soac.PointsPlan.Parts) over n points: k where the points are too
// few to fill the device (exe.Context.SplitParts), else 1.
func fccSplitParts(c *exe.Context, n, k int64) int64 {
	if c.SplitParts(n, k) {
		return k
	}
	return 1
}

// fccFitsPrivate reports whether an array of the given dimensions holds
// at most limit elements (a private-scratch version's, soac.ScratchPlan).
func fccFitsPrivate(limit int64, dims ...int64) bool {
	n := int64(1)
	for _, d := range dims {
		if d > limit {
			return false
		}
		n *= max(d, 0)
		if n > limit {
			return false
		}
	}
	return true
}

// fccStridedItems is the number of work-items launched for n points of a
// kernel whose work-items compute several (per) points each: n/per from
// the lowering's from points up (soac.PointsPlan.StridedFrom), else n.
func fccStridedItems(n, per, from int64) int64 {
	if n >= from {
		return (n + per - 1) / per
	}
	return n
}

// fccRowItems is the number of work-items launched for n points that each
// reduce a row of w elements, per points per work-item where the rows have
// at most tiny elements.
func fccRowItems(n, w, per, tiny, from int64) int64 {
	if w <= tiny {
		return fccStridedItems(n, per, from)
	}
	return n
}

var (
	_ = errors.New
	_ = fmt.Errorf
	_ = math.Abs
	_ values.Value
	_ = fccGroups
	_ = fccStridedItems
	_ = fccRowItems
)
`

// goPrim is the Go type of a host scalar.
func goPrim(t soac.PrimType) (string, error) {
	if n, ok := primTypeCode[t]; ok {
		return n.g, nil
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
// the expression is a call returning (value, error), the value in 64 bits.
func goBinOp(op soac.BinOp, t soac.PrimType, x, y string) (expr string, failing bool, err error) {
	if t == values.F16 {
		// As the interpreter: in float64, rounded to f16.
		r, _, err := goBinOp(op, values.F64, goWiden(t, x), goWiden(t, y))
		return goNarrow(t, r), false, err
	}
	code, ok := binOpCode[binKey{op, classOf(t)}]
	return goOp(code, ok, op, t, x, y)
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
	code, ok := unOpCode[unKey{op, classOf(t)}]
	r, _, err := goOp(code, ok, op, t, x)
	return r, err
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
		return fmt.Sprintf("%s(values.B2I(%s))", gt, x), nil
	case from.IsFloat() && !to.IsFloat():
		if to.IsSigned() {
			return fmt.Sprintf("%s(values.F2S(float64(%s)))", gt, x), nil
		}
		return fmt.Sprintf("%s(values.F2U(float64(%s)))", gt, x), nil
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
