package soac

import (
	"math"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestIntBinOps(t *testing.T) {
	i32 := func(x int64) PrimValue { return IntValue(values.I32, x) }
	i8 := func(x int64) PrimValue { return IntValue(values.I8, x) }
	u8 := func(x int64) PrimValue { return IntValue(values.U8, x) }
	tests := []struct {
		op   BinOp
		x, y PrimValue
		want int64
	}{
		{Div, i32(-7), i32(2), -4},
		{Div, i32(7), i32(-2), -4},
		{Div, i32(-7), i32(-2), 3},
		{Mod, i32(-7), i32(2), 1},
		{Mod, i32(7), i32(-2), -1},
		{Quot, i32(-7), i32(2), -3},
		{Rem, i32(-7), i32(2), -1},
		{Rem, i32(7), i32(-2), 1},
		{Add, i8(127), i8(1), -128},
		{Mul, i8(64), i8(2), -128},
		{Div, i8(-128), i8(-1), -128},
		{Sub, u8(0), u8(1), 255},
		{Div, u8(200), u8(7), 28},
		{Pow, i32(3), i32(4), 81},
		{Shr, i8(-128), i8(1), -64},
		{LShr, i8(-128), i8(1), 64},
		{Shl, i32(1), i32(31), math.MinInt32},
		{Min, u8(200), u8(3), 3},
		{Max, i32(-5), i32(2), 2},
	}
	for _, tc := range tests {
		got, err := EvalBinOp(tc.op, tc.x.T, tc.x, tc.y)
		if err != nil {
			t.Errorf("%s %v %v: %v", tc.op, tc.x, tc.y, err)
			continue
		}
		if got.Int() != tc.want {
			t.Errorf("%s %v %v = %v, want %d", tc.op, tc.x, tc.y, got, tc.want)
		}
	}
	if _, err := EvalBinOp(Div, values.I32, i32(1), i32(0)); err != ErrDivByZero {
		t.Errorf("division by zero: got %v", err)
	}
}

func TestFloatOps(t *testing.T) {
	f32 := func(x float64) PrimValue { return FloatValue(values.F32, x) }
	got, _ := EvalBinOp(Add, values.F32, f32(0.1), f32(0.2))
	if want := float32(0.1) + float32(0.2); float32(got.Float()) != want {
		t.Errorf("f32 0.1+0.2 = %v, want %v (single precision)", got.Float(), want)
	}
	got, _ = EvalBinOp(Max, values.F32, f32(math.NaN()), f32(1))
	if got.Float() != 1 {
		t.Errorf("max nan 1 = %v, want 1", got)
	}
	if c := Convert(f32(-3.7), values.I32); c.Int() != -3 {
		t.Errorf("i32.f32 -3.7 = %v, want -3", c)
	}
	if c := Convert(IntValue(values.I32, -1), values.U8); c.Uint() != 255 {
		t.Errorf("u8.i32 -1 = %v, want 255", c)
	}
	if c := Convert(BoolValue(true), values.F64); c.Float() != 1 {
		t.Errorf("f64.bool true = %v", c)
	}
	if s := FloatValue(values.F32, math.Inf(-1)).String(); s != "-f32.inf" {
		t.Errorf("String of -inf = %q", s)
	}
}
