package soac

import (
	"math"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// TestPrimFunSpecialValues checks primitive functions on the special
// values where Go's math package differs from C's (and so from the
// OpenCL built-ins of compiled code): the expected bits are C's (glibc's
// correctly rounded or 1-ulp results).
func TestPrimFunSpecialValues(t *testing.T) {
	f64 := func(b uint64) PrimValue { return PrimValue{T: values.F64, Bits: b} }
	f32 := func(b uint32) PrimValue { return PrimValue{T: values.F32, Bits: uint64(b)} }
	const (
		minSub   = 0x0000000000000001 // 5e-324
		maxSub   = 0x000fffffffffffff
		minNorm  = 0x0010000000000000
		negInf   = 0xfff0000000000000
		posInf   = 0x7ff0000000000000
		negZero  = 0x8000000000000000
		posZero  = 0x0000000000000000
		negOne   = 0xbff0000000000000
		negTwo   = 0xc000000000000000
		negMax   = 0xffefffffffffffff
		oneUlp   = 0x3ff0000000000001 // 1 + 2^-52
		expLimit = 0x40862e42fefa39ef // 709.782712893384, just below ln(max)
	)
	cases := []struct {
		fn   string
		args []PrimValue
		want PrimValue
		ulps uint64 // tolerance
	}{
		{"log", []PrimValue{f64(minSub)}, f64(0xc0874385446d71c3), 0},   // -744.4400719213812
		{"log", []PrimValue{f64(maxSub)}, f64(0xc086232bdd7abcd2), 1},   // -708.3964185322641
		{"log", []PrimValue{f64(minNorm)}, f64(0xc086232bdd7abcd2), 0},  // -708.3964185322641
		{"log10", []PrimValue{f64(minSub)}, f64(0xc07434e6420f4374), 1}, // -323.3062153431158
		{"log2", []PrimValue{f64(minSub)}, f64(0xc090c80000000000), 0},  // -1074
		{"log2", []PrimValue{f64(oneUlp)}, f64(0x3cb71547652b82fd), 1},  // 2^-52/ln 2
		{"lgamma", []PrimValue{f64(minSub)}, f64(0x40874385446d71c3), 0},
		{"lgamma", []PrimValue{f64(negZero | minSub)}, f64(0x40874385446d71c3), 0},
		{"lgamma", []PrimValue{f64(negInf)}, f64(posInf), 0},
		{"lgamma", []PrimValue{f32(0xff800000)}, f32(0x7f800000), 0},
		{"lgamma", []PrimValue{f32(0x00000001)}, f32(0x42ce8ed0), 0}, // 103.27893
		{"log", []PrimValue{f32(0x00000001)}, f32(0xc2ce8ed0), 0},    // -103.27893
		{"exp", []PrimValue{f64(expLimit)}, f64(0x7fefffffffffff2a), 1},
		{"sinh", []PrimValue{f64(0x4086300000000000)}, f64(0x7fe3e21a464507f9), 1}, // sinh 710
		{"cosh", []PrimValue{f64(0x4086300000000000)}, f64(0x7fe3e21a464507f9), 1},
		{"sinh", []PrimValue{f64(0xc086300000000000)}, f64(0xffe3e21a464507f9), 1},
		{"atan2", []PrimValue{f64(negZero | minSub), f64(negTwo)}, f64(0xc00921fb54442d18), 0}, // -π
		{"atan2", []PrimValue{f64(negZero), f64(negOne)}, f64(0xc00921fb54442d18), 0},
		{"nextafter", []PrimValue{f64(posZero), f64(negZero)}, f64(negZero), 0},
		{"nextafter", []PrimValue{f32(0x80000000), f32(0)}, f32(0), 0},
		{"nextafter", []PrimValue{f64(negMax), f64(negInf)}, f64(negInf), 0},
	}
	// Trigonometric functions next to multiples of π/2 and at the
	// largest float (C's results; Go's reduction was 7 to 25 ulp off).
	fv := func(x float64) PrimValue { return FloatValue(values.F64, x) }
	for _, tr := range []struct {
		fn      string
		x, want float64
	}{
		{"sin", math.Pi, 1.2246467991473532e-16},
		{"sin", -math.Pi, -1.2246467991473532e-16},
		{"cos", math.Pi / 2, 6.123233995736766e-17},
		{"tan", math.Pi / 2, 1.633123935319537e16},
		{"tan", math.Pi, -1.2246467991473532e-16},
		{"sin", math.MaxFloat64, 0.004961954789184062},
		{"tan", math.MaxFloat64, -0.004962015874444895},
		{"cos", 1e22, 0.5232147853951389},
		{"sin", math.Copysign(0, -1), math.Copysign(0, -1)},
	} {
		cases = append(cases, struct {
			fn   string
			args []PrimValue
			want PrimValue
			ulps uint64
		}{tr.fn, []PrimValue{fv(tr.x)}, fv(tr.want), 1})
	}
	for _, tc := range cases {
		got, err := EvalPrimFun(tc.fn, tc.args)
		if err != nil {
			t.Errorf("%s%v: %v", tc.fn, tc.args, err)
			continue
		}
		if d := ulpDistance(got.Bits, tc.want.Bits); d > tc.ulps {
			t.Errorf("%s%v = %v (%#x), want %v (%#x)", tc.fn, tc.args, got, got.Bits, tc.want, tc.want.Bits)
		}
	}
}

// TestPowSpecialValues checks the float power operator against C's pow.
func TestPowSpecialValues(t *testing.T) {
	cases := []struct{ x, y, want float64 }{
		{1 + 0x1p-52, 0x1p52, 2.7182818284590455},  // e, not 2.71828180818
		{1 - 0x1p-53, 0x1p53, 0.36787944117144233}, // 1/e
		{-2, 0x1p52 + 1, math.Inf(-1)},             // odd integer: sign kept
		{-0.5, 0x1p52 + 1, math.Copysign(0, -1)},   // -0
		{5e-324, 1e-8, 0.9999925556269903},         // Go: 0.99999290913
		{1e-8, -1.5, 1e12},                         // exact
		{4.503599627370497e15, -1.5, 3.3087224502121096e-24},
		{2, 1023.9999999999999, 1.7976931348621742e308}, // finite
		{2, -1074, 5e-324},                              // smallest subnormal
		{-8, 1.0 / 3, math.NaN()},                       // negative base, non-integer
		{math.Inf(-1), 3, math.Inf(-1)},
		{0, -1, math.Inf(1)},
		{math.Copysign(0, -1), -3, math.Inf(-1)},
	}
	for _, tc := range cases {
		x, y := FloatValue(values.F64, tc.x), FloatValue(values.F64, tc.y)
		got, err := EvalBinOp(Pow, values.F64, x, y)
		if err != nil {
			t.Fatal(err)
		}
		want := FloatValue(values.F64, tc.want)
		if d := ulpDistance(got.Bits, want.Bits); d > 1 {
			t.Errorf("pow %v %v = %v, want %v", tc.x, tc.y, got, want)
		}
	}
}

// ulpDistance is the number of floats between two float64 bit patterns
// of the same sign, 0 for two NaNs, and huge across signs.
func ulpDistance(a, b uint64) uint64 {
	fa, fb := math.Float64frombits(a), math.Float64frombits(b)
	switch {
	case math.IsNaN(fa) && math.IsNaN(fb), a == b:
		return 0
	case (a>>63 != b>>63) || math.IsNaN(fa) || math.IsNaN(fb):
		return math.MaxUint64
	case a > b:
		return a - b
	}
	return b - a
}

// TestConvertToF16RoundsOnce checks that f64 values are rounded to f16
// once, not through f32 (where a value just above a tie becomes the tie).
func TestConvertToF16RoundsOnce(t *testing.T) {
	cases := []struct {
		x    float64
		want uint64
	}{
		{1 + 0x1p-11 + 0x1p-40, 0x3c01}, // above the tie: up
		{1 + 0x1p-11, 0x3c00},           // the tie: to even
		{1 + 0x1p-11 - 0x1p-40, 0x3c00}, // below: down
		{65519.999, 0x7bff},             // below the rounding to infinity
		{65520, 0x7c00},
		{0x1p-25 + 0x1p-60, 0x0001}, // above half the smallest subnormal
		{-0x1p-25, 0x8000},          // the tie, to even: -0
	}
	for _, tc := range cases {
		got := Convert(FloatValue(values.F64, tc.x), values.F16)
		if got.Bits != tc.want {
			t.Errorf("f16.f64 %v = %#04x, want %#04x", tc.x, got.Bits, tc.want)
		}
	}
}
