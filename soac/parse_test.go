package soac

import (
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func TestRoundTripAllNodes(t *testing.T) {
	text, err := os.ReadFile("testdata/all_nodes.ir")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseProgram(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := Print(p); got != string(text) {
		t.Errorf("printed:\n%s", got)
	}
	if err := Validate(p); err != nil {
		t.Error(err)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lexConst reads one constant back with the parser's lexer.
func lexConst(t *testing.T, s string) PrimValue {
	t.Helper()
	var v PrimValue
	p := &parser{lx: lexer{src: s, line: 1, col: 1}}
	if err := p.run(func() {
		p.next()
		if p.tok.kind != tConst {
			p.fail("not a constant: %s", p.tok)
		}
		v = p.tok.val
		p.next()
		if p.tok.kind != tEOF {
			p.fail("trailing %s", p.tok)
		}
	}); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

func TestConstantsRoundTrip(t *testing.T) {
	types := []PrimType{values.Bool, values.I8, values.I16, values.I32, values.I64, values.U8, values.U16, values.U32, values.U64, values.F16, values.F32, values.F64}
	check := func(v PrimValue) {
		s := v.String()
		if got := lexConst(t, s); got != v {
			t.Errorf("%s (%s %#x) reads back as %s %#x", s, v.T, v.Bits, got.T, got.Bits)
		}
	}
	r := rand.New(rand.NewSource(1))
	for _, ty := range types {
		mask := widthMask(ty)
		if ty == values.Bool {
			mask = 1
		}
		for _, b := range []uint64{0, 1, mask, mask >> 1, mask>>1 + 1} {
			check(PrimValue{T: ty, Bits: b & mask})
		}
		for range 2000 {
			check(PrimValue{T: ty, Bits: r.Uint64() & mask})
		}
	}
	// Every f16 bit pattern.
	for b := uint64(0); b < 1<<16; b++ {
		check(PrimValue{T: values.F16, Bits: b})
	}
	for _, c := range []struct {
		v    PrimValue
		want string
	}{
		{FloatValue(values.F32, 2), "2f32"},
		{FloatValue(values.F32, 0.1), "0.1f32"},
		{FloatValue(values.F64, 0.1), "0.1f64"},
		{FloatValue(values.F32, math.Copysign(0, -1)), "-0f32"},
		{FloatValue(values.F16, 1.0/3), "0.33325195f16"},
		{FloatValue(values.F32, math.NaN()), "f32.nan"},
		{FloatValue(values.F64, math.Inf(-1)), "-f64.inf"},
		{PrimValue{T: values.F32, Bits: 0xffc00000}, "f32.nan(0xffc00000)"},
		{IntValue(values.I32, -1), "-1i32"},
		{IntValue(values.U8, -1), "255u8"},
		{BoolValue(true), "true"},
	} {
		if got := c.v.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, msg string }{
		{"fun f (): {} = {\n  in {}\n}\nfun", "4:4: expected a name, found end of input"},
		{"fun f (x: i32): {i32} = {\n  let {y: i32} = frob x\n  in {y}\n}", "2:18: unknown expression \"frob\""},
		{"fun f (): {i32} = {\n  in {300i8}\n}", "2:7: malformed i8 constant \"300i8\""},
		{"fun f (): {i32} = {\n  in {3}\n}", "2:7: expected a variable or a constant, found '3'"},
		{"fun f (): {f32} = {\n  in {f32.pi}\n}", "2:7: malformed constant f32.pi"},
		{"fun f (): {f32} = {\n  in {f32.nan(0x3f800000)}\n}", "are not a NaN"},
		{"entry main\n", "1:7: expected a string"},
		{"fun f (x: i32): {i32} = {\n  let {y: i32} = assert x \"oops\n  in {y}\n}", "2:27: unterminated string"},
		{"fun f (x: [n]q32): {} = {\n  in {}\n}", "1:14: expected a primitive type, found 'q32'"},
		{"fun f (): {} = {\n  in {} $\n}", "2:9: unexpected character '$'"},
	} {
		_, err := ParseProgram(c.text)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.msg)
		}
	}
}

func FuzzParseIR(f *testing.F) {
	f.Add(readFileF(f, "testdata/all_nodes.ir"))
	f.Add(Print(sumDoubled()))
	f.Add("fun f (): {} = {\n in {}\n}")
	f.Add("-f32.inf f16.nan(0x7e01) 1e+06f32 -0f64 ")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParseProgram(text)
		if err != nil {
			return
		}
		printed := Print(p)
		q, err := ParseProgram(printed)
		if err != nil {
			t.Fatalf("printed program does not parse: %v\n%s", err, printed)
		}
		if again := Print(q); again != printed {
			t.Fatalf("round trip differs:\n%s\nvs\n%s", again, printed)
		}
		_ = Validate(p)
	})
}

func readFileF(f *testing.F, name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		f.Fatal(err)
	}
	return string(b)
}
