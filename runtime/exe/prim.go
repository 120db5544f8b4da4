package exe

import (
	"math"
	"math/bits"

	"github.com/fcclang/fcc/runtime/values"
)

// This file holds the primitive functions (Futhark's f32.lgamma,
// i64.mul_hi, ...) that generated host code calls where Go's math package
// has no direct equivalent. Each gives exactly what fcc's interpreter
// gives (soac.EvalPrimFun).

// Lgamma is log |Γ(x)|, as C's lgamma (see values.Lgamma).
func Lgamma(x float64) float64 { return values.Lgamma(x) }

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

// MulHiI64 is the high half of the 128-bit product of two i64.
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

// F16ToF64 widens an f16 to float64 (exactly).
func F16ToF64(h F16) float64 { return float64(values.F16ToFloat32(uint16(h))) }

// F16FromF64 rounds a float64 to f16 through float32, as the interpreter
// does.
func F16FromF64(x float64) F16 { return F16(values.F16FromFloat32(float32(x))) }

// Nextafter16 is C nextafter on f16.
func Nextafter16(x, y F16) F16 {
	a, b := F16ToF64(x), F16ToF64(y)
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return F16FromF64(math.NaN())
	case a == b:
		return y
	case a == 0:
		return 1 | y&0x8000
	case (b > a) == (a > 0):
		return x + 1
	}
	return x - 1
}
