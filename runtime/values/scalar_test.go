package values

import (
	"errors"
	"math"
	"testing"
)

func TestSignedDivision(t *testing.T) {
	tests := []struct {
		a, b                int64
		div, mod, quot, rem int64
	}{
		{7, 2, 3, 1, 3, 1},
		{-7, 2, -4, 1, -3, -1},
		{7, -2, -4, -1, -3, 1},
		{-7, -2, 3, -1, 3, -1},
		{-6, 3, -2, 0, -2, 0},
		{math.MinInt64, -1, math.MinInt64, 0, math.MinInt64, 0},
	}
	for _, tc := range tests {
		for _, f := range []struct {
			name string
			fn   func(a, b int64) (int64, error)
			want int64
		}{{"SDiv", SDiv, tc.div}, {"SMod", SMod, tc.mod}, {"SQuot", SQuot, tc.quot}, {"SRem", SRem, tc.rem}} {
			got, err := f.fn(tc.a, tc.b)
			if err != nil || got != f.want {
				t.Errorf("%s(%d, %d) = %d, %v; want %d", f.name, tc.a, tc.b, got, err, f.want)
			}
			if _, err := f.fn(tc.a, 0); !errors.Is(err, ErrDivByZero) {
				t.Errorf("%s(%d, 0): error %v, want division by zero", f.name, tc.a, err)
			}
		}
	}
	if _, err := UDiv(1, 0); !errors.Is(err, ErrDivByZero) {
		t.Errorf("UDiv(1, 0): error %v", err)
	}
	if _, err := UMod(1, 0); !errors.Is(err, ErrDivByZero) {
		t.Errorf("UMod(1, 0): error %v", err)
	}
}

func TestPow(t *testing.T) {
	tests := []struct{ base, e, want int64 }{
		{2, 10, 1024},
		{-3, 3, -27},
		{2, 64, 0}, // wraps
		{7, 0, 1},
		{0, 0, 1},
	}
	for _, tc := range tests {
		if got, err := SPow(tc.base, tc.e); err != nil || got != tc.want {
			t.Errorf("SPow(%d, %d) = %d, %v; want %d", tc.base, tc.e, got, err, tc.want)
		}
	}
	if _, err := SPow(2, -1); !errors.Is(err, ErrNegativeExponent) {
		t.Errorf("SPow(2, -1): error %v", err)
	}
	if got := UPow(3, 40); got != 12157665459056928801 {
		t.Errorf("UPow(3, 40) = %d", got)
	}
}

func TestFloatOps(t *testing.T) {
	nan, negZero := math.NaN(), math.Copysign(0, -1)
	same := func(a, b float64) bool {
		return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
	}
	tests := []struct {
		name      string
		got, want float64
	}{
		{"FMin(NaN, 1)", FMin(nan, 1), 1},
		{"FMin(1, NaN)", FMin(1, nan), 1},
		{"FMax(NaN, NaN)", FMax(nan, nan), nan},
		{"FMin(-0, 0)", FMin(negZero, 0), negZero},
		{"FMax(-0, 0)", FMax(negZero, 0), 0},
		{"FSignum(-0)", FSignum(negZero), negZero},
		{"FSignum(-3)", FSignum(-3), -1},
		{"FSignum(NaN)", FSignum(nan), nan},
	}
	for _, tc := range tests {
		if !same(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestFloatToInt(t *testing.T) {
	tests := []struct {
		f float64
		s int64
		u uint64
	}{
		{2.9, 2, 2},
		{-2.9, -2, math.MaxUint64 - 1},
		{math.NaN(), 0, 0},
		{math.Inf(1), 0, 0},
		{1e19, 0, 10000000000000000000},
		{1e20, 0, 0},
		{-1e19, 0, 0},
	}
	for _, tc := range tests {
		if got := F2S(tc.f); got != tc.s {
			t.Errorf("F2S(%v) = %d, want %d", tc.f, got, tc.s)
		}
		if got := F2U(tc.f); got != tc.u {
			t.Errorf("F2U(%v) = %d, want %d", tc.f, got, tc.u)
		}
	}
}

func TestBitFunctions(t *testing.T) {
	if got := Popc(0xff); got != 8 {
		t.Errorf("Popc(0xff) = %d", got)
	}
	if got := Clz(1, 8); got != 7 {
		t.Errorf("Clz(1, 8) = %d", got)
	}
	if got := Ctz(0, 16); got != 16 {
		t.Errorf("Ctz(0, 16) = %d", got)
	}
	if got := MulHiI64(-1, 1); got != -1 {
		t.Errorf("MulHiI64(-1, 1) = %d", got)
	}
	if got := MulHiU64(math.MaxUint64, 2); got != 1 {
		t.Errorf("MulHiU64(max, 2) = %d", got)
	}
}

func TestNextafter16(t *testing.T) {
	one, two, negZero := F16FromFloat32(1), F16FromFloat32(2), uint16(0x8000)
	tests := []struct{ x, y, want uint16 }{
		{one, two, one + 1},
		{one, 0, one - 1},
		{0, negZero, negZero}, // x == y gives y
		{0, one, 1},           // smallest subnormal
		{negZero, F16FromFloat32(-1), 0x8001},
	}
	for _, tc := range tests {
		if got := Nextafter16(tc.x, tc.y); got != tc.want {
			t.Errorf("Nextafter16(%#x, %#x) = %#x, want %#x", tc.x, tc.y, got, tc.want)
		}
	}
	if got := Nextafter16(0x7e00, one); !math.IsNaN(float64(F16ToFloat32(got))) {
		t.Errorf("Nextafter16(NaN, 1) = %#x, want a NaN", got)
	}
}
