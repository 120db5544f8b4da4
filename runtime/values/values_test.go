package values

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"testing/iotest"
)

func f32s(x ...float32) []float32 { return x }

func TestPrimType(t *testing.T) {
	names := []string{"bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"}
	sizes := []int{1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8}
	for i, n := range names {
		pt := PrimType(i)
		if pt.String() != n || pt.Size() != sizes[i] {
			t.Errorf("%d: got %s/%d, want %s/%d", i, pt, pt.Size(), n, sizes[i])
		}
		if p, ok := ParsePrimType(n); !ok || p != pt {
			t.Errorf("ParsePrimType(%q) = %v, %v", n, p, ok)
		}
		if pt.IsInt() != (pt.IsSigned() || pt.IsUnsigned()) {
			t.Errorf("%s: IsInt inconsistent", pt)
		}
		kinds := 0
		for _, b := range []bool{pt == Bool, pt.IsSigned(), pt.IsUnsigned(), pt.IsFloat()} {
			if b {
				kinds++
			}
		}
		if kinds != 1 {
			t.Errorf("%s: belongs to %d kinds", pt, kinds)
		}
	}
	if _, ok := ParsePrimType("i33"); ok {
		t.Error("ParsePrimType(i33) succeeded")
	}
	if !I8.IsSigned() || !U64.IsUnsigned() || !F16.IsFloat() || F16.IsInt() {
		t.Error("predicates wrong")
	}
}

func TestValueHelpers(t *testing.T) {
	v := NewArray(F32, []int64{2, 3})
	if v.Rank() != 2 || v.Len() != 6 || v.TypeString() != "[2][3]f32" || len(v.Data.([]float32)) != 6 {
		t.Fatalf("NewArray: %+v", v)
	}
	if s := Scalar(int32(7)); s.Rank() != 0 || s.Len() != 1 || s.TypeString() != "i32" || s.String() != "7i32" {
		t.Fatalf("Scalar: %+v %s", s, s)
	}
	if s := NewArray(Bool, nil); s.String() != "false" {
		t.Fatalf("zero scalar: %s", s)
	}
	if Equal(Scalar(float32(0)), Scalar(float32(math.Copysign(0, -1)))) {
		t.Error("0.0 == -0.0")
	}
	if !Equal(Scalar(float32(math.NaN())), Value{Type: F32, Data: []float32{math.Float32frombits(0x7fc00001)}}) {
		t.Error("NaN != NaN")
	}
	if !Equal(F16Scalar(0x7e00), F16Scalar(0xfe01)) || Equal(F16Scalar(0x3c00), Scalar(uint16(0x3c00))) {
		t.Error("f16 Equal")
	}
	if Equal(Value{Type: I32, Shape: []int64{2}, Data: []int32{1, 2}}, Value{Type: I32, Shape: []int64{1, 2}, Data: []int32{1, 2}}) {
		t.Error("different shapes equal")
	}
	bad := []Value{
		{Type: I32, Data: []int64{1}},
		{Type: I32, Shape: []int64{2}, Data: []int32{1}},
		{Type: I32, Shape: []int64{-1}, Data: []int32{}},
		{Type: 99, Data: []int32{1}},
		{Type: F64},
	}
	for _, b := range bad {
		if b.Validate() == nil || WriteText(io.Discard, b) == nil || WriteBinary(io.Discard, b) == nil {
			t.Errorf("malformed value %+v accepted", b)
		}
	}
}

func readAll(t *testing.T, in string) []Value {
	t.Helper()
	r := NewReader(strings.NewReader(in))
	var vs []Value
	for {
		v, err := r.Read()
		if err == io.EOF {
			return vs
		}
		if err != nil {
			t.Fatalf("Read(%q): %v", in, err)
		}
		vs = append(vs, v)
	}
}

func arr(t PrimType, shape []int64, data any) Value { return Value{Type: t, Shape: shape, Data: data} }

var negZero = math.Copysign(0, -1)

func TestReadLiterals(t *testing.T) {
	tests := []struct {
		in   string
		want Value
	}{
		{"1", Scalar(int32(1))},
		{"-7", Scalar(int32(-7))},
		{"+7", Scalar(int32(7))},
		{"1i32", Scalar(int32(1))},
		{"-3i8", Scalar(int8(-3))},
		{"-128i8", Scalar(int8(-128))},
		{"127i8", Scalar(int8(127))},
		// Either signedness's range is read as the bit pattern, as
		// Futhark's reader does.
		{"255i8", Scalar(int8(-1))},
		{"128i8", Scalar(int8(-128))},
		{"-1u8", Scalar(uint8(255))},
		{"-128u8", Scalar(uint8(128))},
		{"-1u64", Scalar(uint64(18446744073709551615))},
		{"18446744073709551615i64", Scalar(int64(-1))},
		{"4294967295i32", Scalar(int32(-1))},
		{"32767i16", Scalar(int16(32767))},
		{"-2147483648", Scalar(int32(math.MinInt32))},
		{"-9223372036854775808i64", Scalar(int64(math.MinInt64))},
		{"9223372036854775807i64", Scalar(int64(math.MaxInt64))},
		{"255u8", Scalar(uint8(255))},
		{"65535u16", Scalar(uint16(65535))},
		{"4294967295u32", Scalar(uint32(math.MaxUint32))},
		{"18446744073709551615u64", Scalar(uint64(math.MaxUint64))},
		{"0x1F", Scalar(int32(31))},
		{"0XFFu8", Scalar(uint8(255))},
		{"-0x10i64", Scalar(int64(-16))},
		{"0b101", Scalar(int32(5))},
		{"0b1111_0000u8", Scalar(uint8(240))},
		{"1_000", Scalar(int32(1000))},
		{"1_000_000i64", Scalar(int64(1000000))},
		{"1.5f32", Scalar(float32(1.5))},
		{"1.5", Scalar(1.5)},
		{"1e-3", Scalar(1e-3)},
		{"1E+3", Scalar(1e3)},
		{"2.5e2f32", Scalar(float32(250))},
		{"2f64", Scalar(2.0)},
		{"2f32", Scalar(float32(2))},
		{"-0.0", Scalar(negZero)},
		{"1_0.2_5", Scalar(10.25)},
		{"0.1f32", Scalar(float32(0.1))},
		{"3.4028235e38f32", Scalar(float32(math.MaxFloat32))},
		{"1e39f32", Scalar(float32(math.Inf(1)))},
		{"1e-50f32", Scalar(float32(0))},
		{"f32.nan", Scalar(float32(math.NaN()))},
		{"f64.nan", Scalar(math.NaN())},
		{"f64.inf", Scalar(math.Inf(1))},
		{"-f32.inf", Scalar(float32(math.Inf(-1)))},
		{"f16.inf", F16Scalar(0x7c00)},
		{"-f16.inf", F16Scalar(0xfc00)},
		{"f16.nan", F16Scalar(0x7e00)},
		{"1.5f16", F16Scalar(0x3e00)},
		{"65504f16", F16Scalar(0x7bff)},
		{"65520f16", F16Scalar(0x7c00)},
		{"-2f16", F16Scalar(0xc000)},
		{"5.960464477539063e-8f16", F16Scalar(0x0001)},
		{"0.1f16", F16Scalar(0x2e66)},
		{"true", Scalar(true)},
		{"false", Scalar(false)},
		{"[1, 2, 3]", arr(I32, []int64{3}, []int32{1, 2, 3})},
		{"[1,2,3,]", arr(I32, []int64{3}, []int32{1, 2, 3})},
		{" [ 1u8 ,2u8 ] ", arr(U8, []int64{2}, []uint8{1, 2})},
		{"[true, false]", arr(Bool, []int64{2}, []bool{true, false})},
		{"[[1, 2], [3, 4], [5, 6]]", arr(I32, []int64{3, 2}, []int32{1, 2, 3, 4, 5, 6})},
		{"[[[1f32]], [[2f32]]]", arr(F32, []int64{2, 1, 1}, f32s(1, 2))},
		{"[[[[1i16, 2i16]]]]", arr(I16, []int64{1, 1, 1, 2}, []int16{1, 2})},
		{"[1.0, f64.nan, -f64.inf]", arr(F64, []int64{3}, []float64{1, math.NaN(), math.Inf(-1)})},
		{"[f16.nan, 1f16]", arr(F16, []int64{2}, []uint16{0x7e00, 0x3c00})},
		{"empty([0]i32)", arr(I32, []int64{0}, []int32{})},
		{"empty([0][3]f32)", arr(F32, []int64{0, 3}, []float32{})},
		{"empty([2][0]i64)", arr(I64, []int64{2, 0}, []int64{})},
		{"empty ( [ 0 ] [ 1_000 ] bool )", arr(Bool, []int64{0, 1000}, []bool{})},
		{"-- leading comment\n 42i64 -- trailing comment", Scalar(int64(42))},
		{"[1, -- one\n 2 -- two\n ]", arr(I32, []int64{2}, []int32{1, 2})},
		{"[-1, -2]", arr(I32, []int64{2}, []int32{-1, -2})},
	}
	for _, tc := range tests {
		vs := readAll(t, tc.in)
		if len(vs) != 1 || !Equal(vs[0], tc.want) {
			t.Errorf("Read(%q) = %v, want %v (%s)", tc.in, vs, tc.want, tc.want.TypeString())
		}
	}
}

func TestReadAs(t *testing.T) {
	tests := []struct {
		in   string
		t    PrimType
		rank int
		want Value
	}{
		{"[1, 2]", F32, 1, arr(F32, []int64{2}, f32s(1, 2))},
		{"[1, 2.5f32, 3e1]", F32, 1, arr(F32, []int64{3}, f32s(1, 2.5, 30))},
		{"[1i64, 2]", I64, 1, arr(I64, []int64{2}, []int64{1, 2})},
		{"7", U8, 0, Scalar(uint8(7))},
		{"7", F64, 0, Scalar(7.0)},
		{"0x10", F32, 0, Scalar(float32(16))},
		{"-0x10", F16, 0, F16Scalar(0xcc00)},
		{"1", F16, 0, F16Scalar(0x3c00)},
		{"[[1, 2], [3, 4]]", I8, 2, arr(I8, []int64{2, 2}, []int8{1, 2, 3, 4})},
		{"[1, 2]", U64, -1, arr(U64, []int64{2}, []uint64{1, 2})},
		{"[]", I32, 1, arr(I32, []int64{0}, []int32{})},
		{"[[], []]", F32, 2, arr(F32, []int64{2, 0}, []float32{})},
		{"empty([0]f32)", F32, 1, arr(F32, []int64{0}, []float32{})},
		{"true", Bool, 0, Scalar(true)},
		{"f32.nan", F32, 0, Scalar(float32(math.NaN()))},
	}
	for _, tc := range tests {
		r := NewReader(strings.NewReader(tc.in))
		v, err := r.ReadAs(tc.t, tc.rank)
		if err != nil || !Equal(v, tc.want) {
			t.Errorf("ReadAs(%q, %s, %d) = %v, %v; want %v", tc.in, tc.t, tc.rank, v, err, tc.want)
		}
		if _, err := r.ReadAs(tc.t, tc.rank); err != io.EOF {
			t.Errorf("ReadAs(%q) second read: %v, want EOF", tc.in, err)
		}
	}
}

// errCase describes malformed input: the error message must contain msg
// and report offset off (-1: not checked).
type errCase struct {
	in   string
	as   PrimType
	asOK bool // use ReadAs(as, rank)
	rank int
	msg  string
	off  int64
}

var errCases = []errCase{
	{in: "", msg: "EOF", off: -1},
	{in: "[1, 2", msg: "unexpected end of input, expected ',' or ']'", off: 5},
	{in: "[1, 2,", msg: "unexpected end of input, expected an array element", off: 6},
	{in: "[1 2]", msg: "expected ',' or ']' after array element but found '2'", off: 3},
	{in: "[1, x]", msg: "expected a value but found 'x'", off: 4},
	{in: "[1,, 2]", msg: "expected an array element or ']' but found ','", off: 3},
	{in: "[[1, 2], [3]]", msg: "array elements have different shapes", off: 11},
	{in: "[[1, 2], [3, 4, 5]]", msg: "array elements have different shapes", off: 17},
	{in: "[[1], 2]", msg: "array elements have different shapes", off: 6},
	{in: "[1, [2]]", msg: "array elements have different shapes", off: 4},
	{in: "[[1], []]", msg: "different shapes", off: 7},
	{in: "[1, 2i64]", msg: "array elements have different types: i32 and i64", off: 4},
	{in: "[1.0, 2]", msg: "different types: f64 and i32", off: 6},
	{in: "[true, 1]", msg: "different types: bool and i32", off: 7},
	{in: "[]", msg: "empty array '[]' has no element type", off: 1},
	{in: "1i33", msg: "unknown type suffix 'i33'", off: 0},
	{in: "  [1u7]", msg: "unknown type suffix 'u7'", off: 3},
	{in: "1.5i32", msg: "expected a value of type i32 but found decimal literal '1.5i32'", off: 0},
	{in: "1xyz", msg: "invalid literal '1xyz'", off: 0},
	{in: "1.2.3", msg: "invalid literal", off: 0},
	{in: "300u8", msg: "integer 300 out of range for u8", off: 0},
	{in: "-2147483649u32", msg: "integer -2147483649 out of range for u32", off: 0},
	{in: "256i8", msg: "integer 256 out of range for i8", off: 0},
	{in: "-129i8", msg: "out of range for i8", off: 0},
	{in: "4294967296", msg: "integer 4294967296 out of range for i32", off: 0},
	{in: "18446744073709551616u64", msg: "out of range for u64", off: 0},
	{in: "\n\n  foo", msg: "line 3, column 3 (byte 4): expected a value but found 'foo'", off: 4},
	{in: "-- c\n ]", msg: "line 2, column 2 (byte 6): expected a value but found ']'", off: 6},
	{in: "tru", msg: "expected a value but found 'tru'", off: 0},
	{in: "f32.nam", msg: "expected a value but found", off: 0},
	{in: "empty([3]i32)", msg: "empty array must have a zero dimension", off: 0},
	{in: "empty([0]i33)", msg: "unknown type 'i33'", off: 9},
	{in: "empty(i32)", msg: "expected '[' (a dimension)", off: 6},
	{in: "empty([x]i32)", msg: "invalid dimension size 'x'", off: 7},
	{in: "empty([0]i32", msg: "unexpected end of input, expected ')'", off: 12},
	{in: "empty[0]i32", msg: "expected '(' after 'empty' but found '['", off: 5},
	{in: "[1, 2]", as: I32, asOK: true, rank: 2, msg: "expected a value of rank 2 but found an array of rank 1", off: 1},
	{in: "5", as: I32, asOK: true, rank: 1, msg: "expected a value of rank 1 but found i32", off: 0},
	{in: "[1i64]", as: I32, asOK: true, rank: 1, msg: "expected a value of type i32 but found i64 literal '1i64'", off: 1},
	{in: "[1.5]", as: I32, asOK: true, rank: 1, msg: "decimal literal '1.5'", off: 1},
	{in: "1", as: Bool, asOK: true, rank: 0, msg: "expected bool but found '1'", off: 0},
	{in: "true", as: F32, asOK: true, rank: 0, msg: "expected a value of type f32 but found boolean 'true'", off: 0},
	{in: "f64.nan", as: F32, asOK: true, rank: 0, msg: "found f64 literal", off: 0},
	{in: "empty([0]i64)", as: I32, asOK: true, rank: 1, msg: "expected element type i32 but found i64", off: 9},
	{in: "[[1]]", as: F32, asOK: true, rank: 1, msg: "rank", off: -1},
	{in: "b", msg: "binary value: truncated header, missing version", off: 0},
	{in: "b\x03\x00 i32", msg: "binary value: unsupported version 3", off: 1},
	{in: "b\x02\x00 i3", msg: "binary value: truncated header", off: 0},
	{in: "b\x02\x00 i33\x00\x00\x00\x00", msg: "binary value: unknown element type \" i33\"", off: 3},
	{in: "b\x02\xff i32", msg: "binary value: invalid rank -1", off: 2},
	{in: "b\x02\x01 i32\x01\x00", msg: "binary value: truncated shape", off: 7},
	{in: "b\x02\x01 i32\x02\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00", msg: "binary value: truncated data, expected 8 bytes but found 4", off: 15},
	{in: "b\x02\x00 f64\x01", msg: "truncated data, expected 8 bytes but found 1", off: 7},
	{in: "b\x02\x01 i32\xff\xff\xff\xff\xff\xff\xff\xff", msg: "binary value: negative dimension -1", off: 7},
	{in: "b\x02\x02 i64\xff\xff\xff\xff\xff\xff\xff\x0f\xff\xff\xff\xff\xff\xff\xff\x0f", msg: "has more than 2^63 elements", off: 7},
	{in: "b\x02\x00 i64\x00\x00\x00\x00\x00\x00\x00\x00", as: F64, asOK: true, msg: "binary value: expected element type f64 but found i64", off: 0},
	{in: "b\x02\x00 i64\x00\x00\x00\x00\x00\x00\x00\x00", as: I64, asOK: true, rank: 1, msg: "binary value: expected a value of rank 1 but found i64", off: 0},
	{in: "empty([9223372036854775807][2]i32)", msg: "line 1, column 1 (byte 0): the shape [9223372036854775807][2] has more than 2^63 elements", off: 0},
	{in: "empty(\n[3]i32)", msg: "line 1, column 1 (byte 0): empty array must have a zero dimension", off: 0},
	{in: "\n [[],\n[]]", as: F32, asOK: true, rank: 1, msg: "line 2, column 2 (byte 2): expected a value of rank 1 but found [2][0]f32", off: 2},
	{in: "[" + strings.Repeat("[", 200), msg: "array rank exceeds 127", off: 127},
}

func TestErrors(t *testing.T) {
	for _, tc := range errCases {
		r := NewReader(strings.NewReader(tc.in))
		var err error
		if tc.asOK {
			_, err = r.ReadAs(tc.as, tc.rank)
		} else {
			_, err = r.Read()
		}
		if err == nil {
			t.Errorf("%q: no error, want %q", tc.in, tc.msg)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %q, want it to contain %q", tc.in, err, tc.msg)
		}
		if tc.off >= 0 {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%q: error %v is not a *SyntaxError", tc.in, err)
			} else if se.Offset != tc.off {
				t.Errorf("%q: error %q at offset %d, want %d", tc.in, err, se.Offset, tc.off)
			}
		}
	}
}

func TestSyntaxErrorFormat(t *testing.T) {
	e := &SyntaxError{Offset: 42, Line: 3, Col: 7, Msg: "expected ']' but found 'x'"}
	if got := e.Error(); got != "line 3, column 7 (byte 42): expected ']' but found 'x'" {
		t.Error(got)
	}
	e = &SyntaxError{Offset: 5, Msg: "binary value: unsupported version 3"}
	if got := e.Error(); got != "byte 5: binary value: unsupported version 3" {
		t.Error(got)
	}
}

// errReader returns data and then a non-EOF error.
type errReader struct {
	data []byte
	err  error
}

func (e *errReader) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

func TestReadErrorPropagates(t *testing.T) {
	boom := errors.New("boom")
	for _, in := range []string{"", "1 ", "[1, 2", "b\x02\x00 i32\x01"} {
		r := NewReader(&errReader{data: []byte(in), err: boom})
		var err error
		for err == nil {
			_, err = r.Read()
		}
		if !errors.Is(err, boom) {
			t.Errorf("%q: got %v, want boom", in, err)
		}
	}
}

func binaryOf(t *testing.T, v Value) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteBinary(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestBinaryFormat(t *testing.T) {
	v := arr(I32, []int64{2, 1}, []int32{1, -2})
	want := []byte("b\x02\x02 i32\x02\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\xfe\xff\xff\xff")
	if got := binaryOf(t, v); !bytes.Equal(got, want) {
		t.Errorf("WriteBinary = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		v    Value
		want string
	}{
		{Scalar(true), "b\x02\x00bool\x01"},
		{Scalar(uint8(200)), "b\x02\x00  u8\xc8"},
		{Scalar(int8(-1)), "b\x02\x00  i8\xff"},
		{F16Scalar(0x3c00), "b\x02\x00 f16\x00\x3c"},
		{Scalar(float32(1)), "b\x02\x00 f32\x00\x00\x80\x3f"},
		{Scalar(1.0), "b\x02\x00 f64\x00\x00\x00\x00\x00\x00\xf0\x3f"},
		{Scalar(uint16(258)), "b\x02\x00 u16\x02\x01"},
		{arr(U64, []int64{0}, []uint64{}), "b\x02\x01 u64\x00\x00\x00\x00\x00\x00\x00\x00"},
	} {
		if got := binaryOf(t, tc.v); string(got) != tc.want {
			t.Errorf("WriteBinary(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	// Any nonzero bool byte reads as true.
	vs := readAll(t, "b\x02\x01bool\x03\x00\x00\x00\x00\x00\x00\x00\x00\x01\x07")
	if len(vs) != 1 || !Equal(vs[0], arr(Bool, []int64{3}, []bool{false, true, true})) {
		t.Errorf("bool binary: %v", vs)
	}
}

func TestMixedStream(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("-- header comment\n1i32 ")
	b.Write(binaryOf(t, arr(F32, []int64{2}, f32s(1.5, -2))))
	b.WriteString("\n[true, false]")
	b.Write(binaryOf(t, Scalar(int64(-5))))
	b.Write(binaryOf(t, arr(U8, []int64{2, 2}, []uint8{1, 2, 3, 4})))
	b.WriteString(" empty([0]f64) -- done\n\n")
	want := []Value{
		Scalar(int32(1)),
		arr(F32, []int64{2}, f32s(1.5, -2)),
		arr(Bool, []int64{2}, []bool{true, false}),
		Scalar(int64(-5)),
		arr(U8, []int64{2, 2}, []uint8{1, 2, 3, 4}),
		arr(F64, []int64{0}, []float64{}),
	}
	for name, src := range map[string]func() io.Reader{
		"plain":    func() io.Reader { return bytes.NewReader(b.Bytes()) },
		"onebyte":  func() io.Reader { return iotest.OneByteReader(bytes.NewReader(b.Bytes())) },
		"halfread": func() io.Reader { return iotest.HalfReader(bytes.NewReader(b.Bytes())) },
		"dataerr":  func() io.Reader { return iotest.DataErrReader(bytes.NewReader(b.Bytes())) },
	} {
		r := NewReader(src())
		for i, w := range want {
			v, err := r.Read()
			if err != nil || !Equal(v, w) {
				t.Fatalf("%s: value %d = %v, %v; want %v", name, i, v, err, w)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("%s: final Read: %v, want EOF", name, err)
		}
		if r.Offset() != int64(b.Len()) {
			t.Errorf("%s: Offset = %d, want %d", name, r.Offset(), b.Len())
		}
	}
	// Offsets after each value.
	r := NewReader(strings.NewReader("1 [2, 3]  4"))
	for _, off := range []int64{1, 8, 11} {
		if _, err := r.Read(); err != nil || r.Offset() != off {
			t.Errorf("Offset = %d (%v), want %d", r.Offset(), err, off)
		}
	}
}

func TestLongTokensAndLines(t *testing.T) {
	// Tokens and comments that straddle buffer boundaries.
	long := "1" + strings.Repeat("_0", 9) + "i64"
	in := strings.Repeat(" ", bufSize-3) + long + " --" + strings.Repeat("x", bufSize) + "\n" + "[" + strings.Repeat("1.000000000000000000001, ", 5000) + "2.5]"
	vs := readAll(t, in)
	if len(vs) != 2 || !Equal(vs[0], Scalar(int64(1e9))) || vs[1].Len() != 5001 {
		t.Fatalf("got %d values: %v", len(vs), vs[0])
	}
	r := NewReader(strings.NewReader("1" + strings.Repeat("0", maxTokenLen+10)))
	if _, err := r.Read(); err == nil || !strings.Contains(err.Error(), "token too long") {
		t.Errorf("long token: %v", err)
	}
}

func TestHugeBinaryShapeIsCheap(t *testing.T) {
	// Claims 2^40 f64 elements but carries 16 bytes: must fail quickly
	// without allocating terabytes.
	in := []byte("b\x02\x01 f64\x00\x00\x00\x00\x00\x01\x00\x00")
	in = append(in, make([]byte, 16)...)
	_, err := NewReader(bytes.NewReader(in)).Read()
	if err == nil || !strings.Contains(err.Error(), "truncated data, expected 8796093022208 bytes but found 16") {
		t.Fatal(err)
	}
}

func TestWriteText(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{Scalar(int32(1)), "1i32"},
		{Scalar(int8(-128)), "-128i8"},
		{Scalar(int16(-5)), "-5i16"},
		{Scalar(int64(math.MinInt64)), "-9223372036854775808i64"},
		{Scalar(uint8(255)), "255u8"},
		{Scalar(uint16(65535)), "65535u16"},
		{Scalar(uint32(7)), "7u32"},
		{Scalar(uint64(math.MaxUint64)), "18446744073709551615u64"},
		{Scalar(true), "true"},
		{Scalar(false), "false"},
		{Scalar(float32(2.5)), "2.5f32"},
		{Scalar(float32(1)), "1.0f32"},
		{Scalar(1.0), "1.0f64"},
		{Scalar(float32(0.1)), "0.1f32"},
		{Scalar(0.1), "0.1f64"},
		{Scalar(float32(1e-10)), "1.0e-10f32"},
		{Scalar(1.5e300), "1.5e300f64"},
		{Scalar(1e15), "1000000000000000.0f64"},
		{Scalar(1e16), "1.0e16f64"},
		{Scalar(123.456), "123.456f64"},
		{Scalar(0.00001), "0.00001f64"},
		{Scalar(0.000001), "1.0e-6f64"},
		{Scalar(-0.0), "0.0f64"},
		{Scalar(negZero), "-0.0f64"},
		{Scalar(float32(math.MaxFloat32)), "3.4028235e38f32"},
		{Scalar(math.SmallestNonzeroFloat64), "5.0e-324f64"},
		{Scalar(float32(math.NaN())), "f32.nan"},
		{Scalar(math.NaN()), "f64.nan"},
		{Scalar(float32(math.Inf(1))), "f32.inf"},
		{Scalar(math.Inf(-1)), "-f64.inf"},
		{F16Scalar(0x3c00), "1.0f16"},
		{F16Scalar(0x3e00), "1.5f16"},
		{F16Scalar(0x2e66), "0.1f16"},
		{F16Scalar(0x7bff), "65500.0f16"},
		{F16Scalar(0x0001), "6.0e-8f16"},
		{F16Scalar(0x8000), "-0.0f16"},
		{F16Scalar(0x7c00), "f16.inf"},
		{F16Scalar(0xfc00), "-f16.inf"},
		{F16Scalar(0x7e01), "f16.nan"},
		{arr(I32, []int64{2}, []int32{1, 2}), "[1i32, 2i32]"},
		{arr(I32, []int64{2, 2}, []int32{1, 2, 3, 4}), "[[1i32, 2i32], [3i32, 4i32]]"},
		{arr(Bool, []int64{1, 2, 1}, []bool{true, false}), "[[[true], [false]]]"},
		{arr(F32, []int64{3}, f32s(1, float32(math.NaN()), float32(math.Inf(-1)))), "[1.0f32, f32.nan, -f32.inf]"},
		{arr(I32, []int64{0}, []int32{}), "empty([0]i32)"},
		{arr(F32, []int64{0, 3}, []float32{}), "empty([0][3]f32)"},
		{arr(I64, []int64{2, 0}, []int64{}), "empty([2][0]i64)"},
		{arr(U8, []int64{2, 0, 5}, []uint8{}), "empty([2][0][5]u8)"},
	}
	for _, tc := range tests {
		var b strings.Builder
		if err := WriteText(&b, tc.v); err != nil || b.String() != tc.want {
			t.Errorf("WriteText(%s) = %q, %v; want %q", tc.v.TypeString(), b.String(), err, tc.want)
		}
		// Everything written reads back.
		vs := readAll(t, tc.want)
		if len(vs) != 1 || !Equal(vs[0], tc.v) {
			t.Errorf("Read(%q) = %v, want %v", tc.want, vs, tc.v)
		}
	}
	// Long rows are written in pieces correctly.
	big := NewArray(I32, []int64{3000})
	for i := range big.Data.([]int32) {
		big.Data.([]int32)[i] = int32(i)
	}
	vs := readAll(t, big.String())
	if len(vs) != 1 || !Equal(vs[0], big) {
		t.Error("long row round trip failed")
	}
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

func TestWriteErrors(t *testing.T) {
	v := NewArray(F64, []int64{100000})
	if err := WriteText(&failWriter{}, v); err == nil {
		t.Error("WriteText ignored write error")
	}
	if err := WriteBinary(&failWriter{n: 1}, v); err == nil {
		t.Error("WriteBinary ignored write error")
	}
	deep := Value{Type: I32, Shape: make([]int64, 128), Data: []int32{}}
	if err := WriteBinary(io.Discard, deep); err == nil {
		t.Error("rank 128 accepted")
	}
}

func TestFormatVerbs(t *testing.T) {
	for _, c := range []struct {
		format string
		want   int
	}{
		{"", 0}, {"no verbs", 0}, {"%d", 1}, {"Range %d..<%d is invalid.", 2},
		{"100%% sure", 0}, {"x %% 2 == %d", 1}, {"%%%d", 1}, {"trailing %", 1},
	} {
		if got := FormatVerbs(c.format); got != c.want {
			t.Errorf("FormatVerbs(%q) = %d, want %d", c.format, got, c.want)
		}
	}
}
