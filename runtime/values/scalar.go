package values

import (
	"errors"
	"math"
	"math/bits"
)

// The scalar operators and functions whose Futhark meaning differs from
// Go's own operators. They are the one definition of that meaning: fcc's
// interpreter (soac.EvalBinOp, soac.EvalPrimFun and friends) calls them,
// and so does the host code of generated executables. Kernels cannot call
// Go; their OpenCL C helpers (backend/cscalar.go) are translations of
// these, named beside them in the backend's operator table
// (backend/scalarops.go) and checked against them by difftest.
//
// Integer operators work on 64-bit values; callers wrap the result to the
// operand type's width, which gives Futhark's wrapping for every width.

// ErrDivByZero is the error of integer division or modulo by zero.
var ErrDivByZero = errors.New("division by zero")

// ErrNegativeExponent is the error of an integer power with a negative
// exponent.
var ErrNegativeExponent = errors.New("negative exponent in integer power")

// SDiv is Futhark's signed /: it rounds towards negative infinity. The
// most negative value divided by -1 wraps.
func SDiv(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
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

// SMod is Futhark's signed %: the remainder has the sign of the divisor.
func SMod(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
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

// SQuot is Futhark's signed //: division rounding towards zero.
func SQuot(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	if b == -1 {
		return -a, nil
	}
	return a / b, nil
}

// SRem is Futhark's signed %%: the remainder has the sign of the dividend.
func SRem(a, b int64) (int64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

// UDiv is unsigned division (/ and // agree on unsigned values).
func UDiv(a, b uint64) (uint64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	return a / b, nil
}

// UMod is unsigned modulo (% and %% agree on unsigned values).
func UMod(a, b uint64) (uint64, error) {
	if b == 0 {
		return 0, ErrDivByZero
	}
	return a % b, nil
}

// UPow is exponentiation by squaring with wrapping multiplication.
func UPow(base, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r *= base
		}
		base *= base
	}
	return r
}

// SPow is signed integer power; two's-complement wrapping makes it the
// unsigned power of the same bits.
func SPow(base, e int64) (int64, error) {
	if e < 0 {
		return 0, ErrNegativeExponent
	}
	return int64(UPow(uint64(base), uint64(e))), nil
}

// FMin is float minimum as OpenCL's fmin: a NaN operand is ignored, and
// min(-0, +0) is -0.
func FMin(a, b float64) float64 { return ignoringNaN(math.Min, a, b) }

// FMax is float maximum as OpenCL's fmax: a NaN operand is ignored, and
// max(-0, +0) is +0.
func FMax(a, b float64) float64 { return ignoringNaN(math.Max, a, b) }

// ignoringNaN is f(a, b) where neither is a NaN, else the other operand.
func ignoringNaN(f func(a, b float64) float64, a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return b
	case math.IsNaN(b):
		return a
	}
	return f(a, b)
}

// FSignum is -1, 1, or f itself for zeros (keeping their sign) and NaN.
func FSignum(f float64) float64 {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return f
}

// F2S converts a float to a signed integer, truncating towards zero; NaN,
// infinities and values outside int64's range give 0. Callers wrap the
// result to narrower types.
func F2S(f float64) int64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	f = math.Trunc(f)
	if f >= -9.223372036854775808e18 && f < 9.223372036854775808e18 {
		return int64(f)
	}
	return 0
}

// F2U converts a float to an unsigned integer, truncating towards zero;
// a negative value in int64's range wraps, other values out of range give
// 0.
func F2U(f float64) uint64 {
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

// B2I is 1 for true and 0 for false.
func B2I(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Popc counts the one bits of x (an integer's bits, zero-extended).
func Popc(x uint64) int32 { return int32(bits.OnesCount64(x)) }

// Clz counts the leading zero bits of x as an integer of width bits
// (zero-extended to 64 bits); it is width for 0.
func Clz(x uint64, width int) int32 { return int32(bits.LeadingZeros64(x) - (64 - width)) }

// Ctz counts the trailing zero bits of x as an integer of width bits; it
// is width for 0.
func Ctz(x uint64, width int) int32 { return int32(min(bits.TrailingZeros64(x), width)) }

// MulHiU64 is the high half of the 128-bit product of two u64.
func MulHiU64(x, y uint64) uint64 {
	hi, _ := bits.Mul64(x, y)
	return hi
}

// MulHiI64 is the high half of the 128-bit product of two i64, derived
// from the unsigned one.
func MulHiI64(x, y int64) int64 {
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	if x < 0 {
		hi -= uint64(y)
	}
	if y < 0 {
		hi -= uint64(x)
	}
	return int64(hi)
}

// Nextafter16 is C nextafter on f16 values given as their bits.
func Nextafter16(x, y uint16) uint16 {
	a, b := float64(F16ToFloat32(x)), float64(F16ToFloat32(y))
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return F16FromFloat32(float32(math.NaN()))
	case a == b:
		return y
	case a == 0:
		return 1 | y&0x8000
	case (b > a) == (a > 0):
		return x + 1
	}
	return x - 1
}
