package soac

import (
	"math"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestCallPrim(t *testing.T) {
	f16 := func(x float64) PrimValue { return FloatValue(values.F16, x) }
	f32 := func(x float64) PrimValue { return FloatValue(values.F32, x) }
	f64 := func(x float64) PrimValue { return FloatValue(values.F64, x) }
	i := IntValue
	tests := []struct {
		fn   string
		args []PrimValue
		want PrimValue
	}{
		{"sqrt", []PrimValue{f32(2)}, PrimValue{values.F32, uint64(math.Float32bits(float32(math.Sqrt(2))))}},
		{"sqrt", []PrimValue{f16(2)}, PrimValue{values.F16, 0x3da8}},
		{"sqrt", []PrimValue{f64(-1)}, f64(math.NaN())},
		{"cbrt", []PrimValue{f64(27)}, f64(3)},
		{"exp", []PrimValue{f64(0)}, f64(1)},
		{"log", []PrimValue{f64(0)}, f64(math.Inf(-1))},
		{"log2", []PrimValue{f32(8)}, f32(3)},
		{"log10", []PrimValue{f64(1000)}, f64(3)},
		{"log1p", []PrimValue{f64(0)}, f64(0)},
		{"sin", []PrimValue{f32(0)}, f32(0)},
		{"cos", []PrimValue{f64(0)}, f64(1)},
		{"tan", []PrimValue{f64(0)}, f64(0)},
		{"asin", []PrimValue{f64(1)}, f64(math.Pi / 2)},
		{"acos", []PrimValue{f64(1)}, f64(0)},
		{"atan", []PrimValue{f64(math.Inf(1))}, f64(math.Pi / 2)},
		{"atan2", []PrimValue{f64(1), f64(0)}, f64(math.Pi / 2)}, // (y, x)
		{"atan2", []PrimValue{f64(0), f64(-1)}, f64(math.Pi)},
		{"sinh", []PrimValue{f64(0)}, f64(0)},
		{"cosh", []PrimValue{f64(0)}, f64(1)},
		{"tanh", []PrimValue{f64(math.Inf(1))}, f64(1)},
		{"asinh", []PrimValue{f64(0)}, f64(0)},
		{"acosh", []PrimValue{f64(1)}, f64(0)},
		{"atanh", []PrimValue{f64(1)}, f64(math.Inf(1))},
		{"hypot", []PrimValue{f32(3), f32(4)}, f32(5)},
		{"gamma", []PrimValue{f64(5)}, f64(24)},
		{"lgamma", []PrimValue{f64(1)}, f64(0)},
		{"erf", []PrimValue{f64(0)}, f64(0)},
		{"erfc", []PrimValue{f64(0)}, f64(1)},
		{"floor", []PrimValue{f32(-1.5)}, f32(-2)},
		{"ceil", []PrimValue{f32(-1.5)}, f32(-1)},
		{"round", []PrimValue{f32(2.5)}, f32(2)},
		{"round", []PrimValue{f32(3.5)}, f32(4)},
		{"round", []PrimValue{f64(-2.5)}, f64(-2)},
		{"round", []PrimValue{f16(0.5)}, f16(0)},
		{"trunc", []PrimValue{f64(-2.7)}, f64(-2)},
		{"fma", []PrimValue{f64(2), f64(3), f64(4)}, f64(10)},
		{"fma", []PrimValue{f64(1 + 0x1p-52), f64(1 - 0x1p-53), f64(-1)}, f64(math.FMA(1+0x1p-52, 1-0x1p-53, -1))},
		{"mad", []PrimValue{f64(1 + 0x1p-52), f64(1 - 0x1p-53), f64(-1)}, f64(float64((1+0x1p-52)*(1-0x1p-53)) - 1)},
		{"lerp", []PrimValue{f32(0), f32(10), f32(0.25)}, f32(2.5)},
		{"lerp", []PrimValue{f64(2), f64(4), f64(1)}, f64(4)},
		{"isnan", []PrimValue{f32(math.NaN())}, BoolValue(true)},
		{"isnan", []PrimValue{f64(1)}, BoolValue(false)},
		{"isinf", []PrimValue{f16(math.Inf(-1))}, BoolValue(true)},
		{"to_bits", []PrimValue{f32(1)}, PrimValue{values.U32, 0x3f800000}},
		{"to_bits", []PrimValue{f16(1)}, PrimValue{values.U16, 0x3c00}},
		{"from_bits", []PrimValue{{values.U16, 0x3c00}}, f16(1)},
		{"from_bits", []PrimValue{{values.U64, 0x4000000000000000}}, f64(2)},
		{"copysign", []PrimValue{f32(3), f32(-0.0 * 1)}, f32(3)},
		{"copysign", []PrimValue{f64(3), f64(math.Copysign(0, -1))}, f64(-3)},
		{"nextafter", []PrimValue{f32(1), f32(2)}, f32(1 + 0x1p-23)},
		{"nextafter", []PrimValue{f64(1), f64(0)}, f64(1 - 0x1p-53)},
		{"nextafter", []PrimValue{f16(0), f16(1)}, PrimValue{values.F16, 1}},
		{"nextafter", []PrimValue{f16(0), f16(-1)}, PrimValue{values.F16, 0x8001}},
		{"nextafter", []PrimValue{f16(1), f16(2)}, PrimValue{values.F16, 0x3c01}},
		{"nextafter", []PrimValue{f16(-1), f16(-2)}, PrimValue{values.F16, 0xbc01}},
		{"nextafter", []PrimValue{f16(1), f16(0)}, PrimValue{values.F16, 0x3bff}},
		{"ldexp", []PrimValue{f64(1), i(values.I32, 10)}, f64(1024)},
		{"ldexp", []PrimValue{f32(1), i(values.I32, 200)}, f32(math.Inf(1))},
		{"popc", []PrimValue{i(values.I32, -1)}, i(values.I32, 32)},
		{"popc", []PrimValue{i(values.I8, -1)}, i(values.I32, 8)},
		{"popc", []PrimValue{i(values.U64, 0xff)}, i(values.I32, 8)},
		{"clz", []PrimValue{i(values.I8, 1)}, i(values.I32, 7)},
		{"clz", []PrimValue{i(values.U64, 0)}, i(values.I32, 64)},
		{"clz", []PrimValue{i(values.I16, -1)}, i(values.I32, 0)},
		{"ctz", []PrimValue{i(values.I16, 0)}, i(values.I32, 16)},
		{"ctz", []PrimValue{i(values.I32, 8)}, i(values.I32, 3)},
		{"mul_hi", []PrimValue{i(values.I32, 0x40000000), i(values.I32, 4)}, i(values.I32, 1)},
		{"mul_hi", []PrimValue{i(values.I32, -1), i(values.I32, 1)}, i(values.I32, -1)},
		{"mul_hi", []PrimValue{i(values.U8, 255), i(values.U8, 255)}, i(values.U8, 254)},
		{"mul_hi", []PrimValue{i(values.I64, -1), i(values.I64, -1)}, i(values.I64, 0)},
		{"mul_hi", []PrimValue{i(values.I64, -1), i(values.I64, 2)}, i(values.I64, -1)},
		{"mul_hi", []PrimValue{i(values.I64, math.MinInt64), i(values.I64, math.MinInt64)}, i(values.I64, 1<<62)},
		{"mul_hi", []PrimValue{{values.U64, math.MaxUint64}, {values.U64, math.MaxUint64}}, PrimValue{values.U64, math.MaxUint64 - 1}},
		{"mad_hi", []PrimValue{i(values.I32, 0x40000000), i(values.I32, 4), i(values.I32, 2)}, i(values.I32, 3)},
	}
	for _, tc := range tests {
		got, err := EvalPrimFun(tc.fn, tc.args)
		if err != nil {
			t.Errorf("%s%v: %v", tc.fn, tc.args, err)
			continue
		}
		if got.T == tc.want.T && got.T.IsFloat() && math.IsNaN(got.Float()) && math.IsNaN(tc.want.Float()) {
			continue
		}
		if got != tc.want {
			t.Errorf("%s%v = %v (%#x), want %v (%#x)", tc.fn, tc.args, got, got.Bits, tc.want, tc.want.Bits)
		}
	}
	// f32 results are rounded to single precision.
	got, _ := EvalPrimFun("exp", []PrimValue{f32(1)})
	if want := float32(math.E); float32(got.Float()) != want || got.Float() != float64(want) {
		t.Errorf("f32 exp 1 = %v, want %v", got.Float(), want)
	}
}

func TestCallPrimErrors(t *testing.T) {
	for _, tc := range []struct {
		fn   string
		args []PrimType
		msg  string
	}{
		{"sqrt", []PrimType{values.I32}, "primitive function sqrt not defined on (i32)"},
		{"atan2", []PrimType{values.F32, values.F64}, "not defined on (f32, f64)"},
		{"popc", []PrimType{values.F32}, "not defined"},
		{"ldexp", []PrimType{values.F32, values.I64}, "not defined"},
		{"from_bits", []PrimType{values.I32}, "not defined"},
		{"frobnicate", []PrimType{values.F32}, "unknown primitive function frobnicate"},
	} {
		_, err := PrimFunType(tc.fn, tc.args)
		if err == nil || err.Error() != tc.msg && !contains(err.Error(), tc.msg) {
			t.Errorf("%s%v: error %v, want %q", tc.fn, tc.args, err, tc.msg)
		}
	}
	for _, n := range PrimFunNames() {
		if _, err := PrimFunType(n, []PrimType{values.F32}); err != nil && contains(err.Error(), "unknown") {
			t.Errorf("PrimFunNames lists unknown %s", n)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
