package backend

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// allPrimTypes are the scalar types the operator table covers (f16 goes
// through f32 in kernels and f64 on the host).
var allPrimTypes = []soac.PrimType{
	values.Bool, values.I8, values.I16, values.I32, values.I64,
	values.U8, values.U16, values.U32, values.U64, values.F16, values.F32, values.F64,
}

// TestOpTableCoversInterpreter checks that the table gives code for
// exactly the operators and types the interpreter defines: a row missing
// would make a valid program fail to compile, a row too many would
// compile what the interpreter rejects.
func TestOpTableCoversInterpreter(t *testing.T) {
	for _, pt := range allPrimTypes {
		one := soac.Convert(soac.IntValue(values.I64, 1), pt)
		for op := soac.Add; op <= soac.Max; op++ {
			_, ierr := soac.EvalBinOp(op, pt, one, one)
			_, cerr := cBinOp(op, pt, "x", "y")
			_, _, gerr := goBinOp(op, pt, "x", "y")
			if (ierr == nil) != (cerr == nil) || (ierr == nil) != (gerr == nil) {
				t.Errorf("%s on %s: interpreter %v, OpenCL %v, Go %v", op, pt, ierr, cerr, gerr)
			}
		}
		for op := soac.Neg; op <= soac.Signum; op++ {
			_, ierr := soac.EvalUnOp(op, pt, one)
			_, cerr := cUnOp(op, pt, "x")
			_, gerr := goUnOp(op, pt, "x")
			if (ierr == nil) != (cerr == nil) || (ierr == nil) != (gerr == nil) {
				t.Errorf("%s on %s: interpreter %v, OpenCL %v, Go %v", op, pt, ierr, cerr, gerr)
			}
		}
	}
}

// TestOpTableHelpersDefined checks that every prelude helper the table's
// C code calls is defined in a prelude, and that every template word is
// one expand knows.
func TestOpTableHelpersDefined(t *testing.T) {
	prelude := clPrelude + clPreludeF64 + clPreludeF16
	helper := regexp.MustCompile(`fcc_\w+`)
	word := regexp.MustCompile(`\$\w`)
	check := func(name string, code opCode) {
		for _, tmpl := range []string{code.c, code.g} {
			for _, w := range word.FindAllString(tmpl, -1) {
				if !strings.Contains("$x $y $t $u $f $m", w) {
					t.Errorf("%s: unknown template word %s in %q", name, w, tmpl)
				}
			}
		}
		for _, h := range helper.FindAllString(code.c, -1) {
			for _, f := range []string{"f32", "f64"} {
				h := strings.ReplaceAll(h, "$f", f)
				if strings.HasSuffix(h, "_") {
					h += f
				}
				if !strings.Contains(prelude, " "+h+"(") {
					t.Errorf("%s: helper %s is not in the OpenCL prelude", name, h)
				}
			}
		}
	}
	for k, code := range binOpCode {
		check(k.op.String(), code)
	}
	for k, code := range unOpCode {
		check(k.op.String(), code)
	}
}

func TestOpTableExpand(t *testing.T) {
	tests := []struct {
		op   soac.BinOp
		t    soac.PrimType
		c, g string
	}{
		{soac.Add, values.I8, "((char)((uint)a + (uint)b))", "(a + b)"},
		{soac.LShr, values.I16, "((short)(((ulong)(long)a & 0xffffUL) >> ((ulong)(long)b & 63)))", "int16(uint64(uint16(a)) >> (uint64(b) & 63))"},
		{soac.Div, values.U64, "((ulong)fcc_udiv((ulong)a, (ulong)b))", "values.UDiv(uint64(a), uint64(b))"},
		{soac.Min, values.F64, "fcc_fmin_f64(a, b)", "float64(values.FMin(float64(a), float64(b)))"},
		{soac.Mul, values.F16, "fcc_rnd_f16((a * b))", "exe.F16FromF64(float64(exe.F16ToF64(a) * exe.F16ToF64(b)))"},
	}
	for _, tc := range tests {
		c, err := cBinOp(tc.op, tc.t, "a", "b")
		if err != nil || c != tc.c {
			t.Errorf("cBinOp(%s, %s) = %q, %v; want %q", tc.op, tc.t, c, err, tc.c)
		}
		g, _, err := goBinOp(tc.op, tc.t, "a", "b")
		if err != nil || g != tc.g {
			t.Errorf("goBinOp(%s, %s) = %q, %v; want %q", tc.op, tc.t, g, err, tc.g)
		}
	}
}
