package values

import (
	"bytes"
	"io"
	"math"
	"math/rand"
	"testing"
)

// randBits returns random element bits for type t, often an edge case.
func randBits(rng *rand.Rand, t PrimType) uint64 {
	x := rng.Uint64()
	if rng.Intn(3) == 0 {
		var edges []uint64
		switch t {
		case Bool:
			edges = []uint64{0, 1}
		case F16:
			edges = []uint64{0, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7bff, 0xfbff, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0x3555}
		case F32:
			edges = []uint64{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f7fffff, 0xff7fffff, 1, 0x80000001, 0x007fffff, 0x00800000, 0x3f800000, 0x3dcccccd}
		case F64:
			edges = []uint64{0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7fefffffffffffff, 1, 0x000fffffffffffff, 0x3ff0000000000000, 0x3fb999999999999a}
		default:
			b := uint(t.bits())
			min := uint64(0)
			max := uint64(1)<<b - 1
			if t.IsSigned() {
				min = uint64(1) << (b - 1)
				max = min - 1
				min = -min // sign-extended
			}
			edges = []uint64{0, 1, max, min, ^uint64(0)}
		}
		x = edges[rng.Intn(len(edges))]
	}
	switch t {
	case Bool:
		return x & 1
	case F16:
		return x & 0xffff
	case F32:
		return x & 0xffffffff
	}
	return x
}

func randValue(rng *rand.Rand, t PrimType, rank int) Value {
	shape := make([]int64, rank)
	n := int64(1)
	for i := range shape {
		shape[i] = int64(rng.Intn(4) + 1)
		if rng.Intn(12) == 0 {
			shape[i] = 0
		}
		n *= shape[i]
	}
	if rank == 0 {
		shape = nil
	}
	b := builder{t: t}
	for i := int64(0); i < n; i++ {
		b.add(randBits(rng, t))
	}
	return Value{Type: t, Shape: shape, Data: b.data()}
}

func TestRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 60; iter++ {
		for ti := 0; ti < numPrimTypes; ti++ {
			for rank := 0; rank <= 4; rank++ {
				v := randValue(rng, PrimType(ti), rank)
				checkRoundTrip(t, v)
			}
		}
	}
}

// checkRoundTrip verifies text and binary round trips of v, and that
// text -> binary -> text is the identity on the text.
func checkRoundTrip(t *testing.T, v Value) {
	t.Helper()
	var text bytes.Buffer
	if err := WriteText(&text, v); err != nil {
		t.Fatalf("WriteText(%s): %v", v.TypeString(), err)
	}
	r := NewReader(bytes.NewReader(text.Bytes()))
	got, err := r.Read()
	if err != nil || !Equal(got, v) {
		t.Fatalf("text round trip of %s %q: got %v, %v", v.TypeString(), text.String(), got, err)
	}
	// Reading with the known type must give the same value.
	got, err = NewReader(bytes.NewReader(text.Bytes())).ReadAs(v.Type, v.Rank())
	if err != nil || !Equal(got, v) {
		t.Fatalf("ReadAs round trip of %q: got %v, %v", text.String(), got, err)
	}
	var bin bytes.Buffer
	if err := WriteBinary(&bin, v); err != nil {
		t.Fatal(err)
	}
	if want := 7 + 8*v.Rank() + int(v.Len())*v.Type.Size(); bin.Len() != want {
		t.Fatalf("binary size %d, want %d", bin.Len(), want)
	}
	got, err = NewReader(bytes.NewReader(bin.Bytes())).Read()
	if err != nil || !Equal(got, v) {
		t.Fatalf("binary round trip of %s: got %v, %v", v, got, err)
	}
	// Bitwise identity of binary (NaN payloads included).
	var bin2 bytes.Buffer
	if err := WriteBinary(&bin2, got); err != nil || !bytes.Equal(bin.Bytes(), bin2.Bytes()) {
		t.Fatalf("binary not bitwise stable for %s", v)
	}
	var text2 bytes.Buffer
	if err := WriteText(&text2, got); err != nil || text2.String() != text.String() {
		t.Fatalf("text->binary->text: %q != %q", text2.String(), text.String())
	}
}

func TestF16Exhaustive(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		f := F16ToFloat32(h)
		if back := F16FromFloat32(f); back != h {
			t.Fatalf("%#04x -> %v -> %#04x", h, f, back)
		}
		if isNaN16(h) != (f != f) {
			t.Fatalf("%#04x: NaN mismatch", h)
		}
		if f == f {
			// Conversion is exact: compare with float64 arithmetic.
			exp := int(h>>10) & 0x1f
			man := float64(h & 0x3ff)
			var want float64
			switch exp {
			case 0:
				want = man * math.Pow(2, -24)
			case 0x1f:
				want = math.Inf(1)
			default:
				want = (1 + man/1024) * math.Pow(2, float64(exp-15))
			}
			if h&0x8000 != 0 {
				want = -want
			}
			if float64(f) != want || math.Signbit(float64(f)) != (h&0x8000 != 0) {
				t.Fatalf("%#04x -> %v, want %v", h, f, want)
			}
			if f16FromFloat64(float64(f)) != h {
				t.Fatalf("f16FromFloat64(%v) != %#04x", f, h)
			}
		}
	}
}

// nearestF16 is a slow reference: the f16 nearest to x, ties to even.
func nearestF16(x float64) uint16 {
	if math.IsNaN(x) {
		return 0x7e00
	}
	sign := uint16(0)
	if math.Signbit(x) {
		sign = 0x8000
		x = -x
	}
	// Largest finite f16 is 65504; halfway to the next binade step is 65520.
	if x >= 65520 {
		return sign | 0x7c00
	}
	best := uint16(0)
	bestD := math.Inf(1)
	// Binary search would do; a scan over the neighbours of an estimate is
	// simpler: positive f16 bit patterns are ordered like their values.
	lo, hi := 0, 0x7bff
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if float64(F16ToFloat32(uint16(mid))) <= x {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	for _, c := range []int{lo, lo + 1} {
		if c > 0x7c00 {
			continue
		}
		d := math.Abs(float64(F16ToFloat32(uint16(c))) - x)
		if d < bestD || d == bestD && c%2 == 0 {
			best, bestD = uint16(c), d
		}
	}
	return sign | best
}

func TestF16Rounding(t *testing.T) {
	cases := []struct {
		f    float32
		want uint16
	}{
		{1, 0x3c00},
		{1 + 1.0/2048, 0x3c00},              // tie -> even (down)
		{1 + 3.0/2048, 0x3c02},              // tie -> even (up)
		{1 + 1.0/2048 + 1.0/65536, 0x3c01},  // above tie
		{65504, 0x7bff},                     // max
		{65519.99, 0x7bff},                  // below overflow threshold
		{65520, 0x7c00},                     // rounds to inf
		{float32(math.Pow(2, -24)), 0x0001}, // min subnormal
		{float32(math.Pow(2, -25)), 0x0000}, // tie -> even zero
		{float32(math.Pow(2, -25)) * 1.0001, 0x0001},
		{float32(3 * math.Pow(2, -25)), 0x0002}, // tie -> even
		{float32(math.Pow(2, -14)), 0x0400},     // min normal
		{float32(math.Pow(2, -14) - math.Pow(2, -25)), 0x0400},
		{-0.0, 0x0000},
		{float32(math.Copysign(0, -1)), 0x8000},
		{float32(math.Inf(-1)), 0xfc00},
		{1e-30, 0},
		{-1e30, 0xfc00},
		{0.1, 0x2e66},
	}
	for _, c := range cases {
		if got := F16FromFloat32(c.f); got != c.want {
			t.Errorf("F16FromFloat32(%g) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
	if h := F16FromFloat32(float32(math.NaN())); !isNaN16(h) {
		t.Errorf("NaN -> %#04x", h)
	}
	if h := F16FromFloat32(math.Float32frombits(0x7f800001)); !isNaN16(h) {
		t.Errorf("low-payload NaN -> %#04x", h)
	}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 200000; i++ {
		var f float32
		if i%2 == 0 {
			f = math.Float32frombits(rng.Uint32())
		} else {
			// Concentrate on the f16 range, including exact ties.
			f = float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(40)-25)))
			if i%4 == 1 {
				b := math.Float32bits(f)&^0x1fff | 0x1000
				f = math.Float32frombits(b)
			}
		}
		if f != f {
			continue
		}
		if got, want := F16FromFloat32(f), nearestF16(float64(f)); got != want {
			t.Fatalf("F16FromFloat32(%g = %#08x) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
		}
		d := rng.NormFloat64() * math.Pow(2, float64(rng.Intn(45)-28))
		if got, want := f16FromFloat64(d), nearestF16(d); got != want {
			t.Fatalf("f16FromFloat64(%g) = %#04x, want %#04x", d, got, want)
		}
	}
}

// FuzzRead checks that the reader never panics and that every value it
// reads round-trips through both formats.
func FuzzRead(f *testing.F) {
	for _, c := range errCases {
		f.Add([]byte(c.in))
	}
	seeds := []string{
		"1 -3i8 0x1F 0b101 1_000 1.5f32 1e-3 2f64 f32.nan -f32.inf true",
		"[[1, 2], [3, 4]] empty([0][3]f32) empty([2][0]i64) -- c\n[1u8]",
		"[f16.nan, 0.1f16, -f16.inf] [1.0e-10f32] [-0.0]",
		// Huge and overflowing shapes, empty or not.
		"empty([0][9223372036854775807]i32) empty([9223372036854775807][0][3]u8)",
		"empty([4294967296][4294967296][0]f64) empty([4294967296][4294967296]f64)",
		"b\x02\x02 i32\xff\xff\xff\xff\xff\xff\xff\x7f\x00\x00\x00\x00\x00\x00\x00\x00",
		"b\x02\x01 f32\x00\x10\xa5\xd4\xe8\x00\x00\x00\x00\x00",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	rng := rand.New(rand.NewSource(3))
	for ti := 0; ti < numPrimTypes; ti++ {
		v := randValue(rng, PrimType(ti), ti%4)
		var b bytes.Buffer
		_ = WriteBinary(&b, v)
		b.WriteString(" ")
		_ = WriteText(&b, v)
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for i := 0; i < 100; i++ {
			v, err := r.Read()
			if err != nil {
				break
			}
			if err := v.Validate(); err != nil {
				t.Fatalf("Read produced invalid value: %v", err)
			}
			if r.Offset() > int64(len(data)) {
				t.Fatalf("offset %d beyond input %d", r.Offset(), len(data))
			}
			checkRoundTrip(t, v)
		}
		// With a memory limit, no value read holds more data than it.
		r = NewReader(bytes.NewReader(data))
		r.SetMemoryLimit(64)
		for i := 0; i < 100; i++ {
			v, err := r.Read()
			if err != nil {
				break
			}
			if _, b, err := ShapeBytes(v.Type, v.Shape); err != nil || b > 64 {
				t.Fatalf("read a %s value (%d bytes, %v) past the limit of 64 bytes", v.TypeString(), b, err)
			}
		}
		// ReadAs must not panic either.
		r = NewReader(bytes.NewReader(data))
		for i := 0; i < 100; i++ {
			if _, err := r.ReadAs(F32, -1); err != nil {
				break
			}
		}
	})
}

func TestLargeTextRead(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	v := bigF32(1_000_000)
	var text bytes.Buffer
	if err := WriteText(&text, v); err != nil {
		t.Fatal(err)
	}
	got, err := NewReader(&text).ReadAs(F32, 1)
	if err != nil || !Equal(got, v) {
		t.Fatalf("large read failed: %v", err)
	}
}

func bigF32(n int) Value {
	rng := rand.New(rand.NewSource(4))
	v := NewArray(F32, []int64{int64(n)})
	d := v.Data.([]float32)
	for i := range d {
		d[i] = float32(rng.NormFloat64() * 1000)
	}
	return v
}

func BenchmarkReadTextF32(b *testing.B) {
	var text bytes.Buffer
	_ = WriteText(&text, bigF32(1_000_000))
	b.SetBytes(int64(text.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := NewReader(bytes.NewReader(text.Bytes())).ReadAs(F32, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadBinaryF32(b *testing.B) {
	var bin bytes.Buffer
	_ = WriteBinary(&bin, bigF32(1_000_000))
	b.SetBytes(int64(bin.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := NewReader(bytes.NewReader(bin.Bytes())).Read(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteTextF32(b *testing.B) {
	v := bigF32(1_000_000)
	for i := 0; i < b.N; i++ {
		if err := WriteText(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteBinaryF32(b *testing.B) {
	v := bigF32(1_000_000)
	for i := 0; i < b.N; i++ {
		if err := WriteBinary(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}
