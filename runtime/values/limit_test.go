package values

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// binHeader is the binary format's header of a value of type t and shape.
func binHeader(t string, shape ...int64) []byte {
	b := []byte("b\x02")
	b = append(b, byte(len(shape)))
	b = append(b, []byte(t)...)
	for _, d := range shape {
		b = binary.LittleEndian.AppendUint64(b, uint64(d))
	}
	return b
}

const maxI64 = "9223372036854775807"

func TestShapeLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    []byte
		limit int64
		shape []int64 // the value read, when no error
		msg   string  // the error, else
		off   int64
	}{
		{name: "empty with a huge dimension", in: []byte("empty([0][" + maxI64 + "]i32)"), shape: []int64{0, 1<<63 - 1}},
		{name: "empty huge first", in: []byte("empty([" + maxI64 + "][0]i32)"), shape: []int64{1<<63 - 1, 0}},
		{name: "empty overflowing", in: []byte("  empty([" + maxI64 + "][2][0]i32) empty([4294967296][4294967296]i8)"), shape: []int64{1<<63 - 1, 2, 0}},
		{name: "empty overflowing product", in: []byte("empty([4294967296][4294967296]i8)"),
			msg: "line 1, column 1 (byte 0): the shape [4294967296][4294967296] has more than 2^63 elements", off: 0},
		{name: "empty overflowing on line 2", in: []byte("\n  empty([" + maxI64 + "][" + maxI64 + "]f32)"),
			msg: "line 2, column 3 (byte 3): the shape [" + maxI64 + "][" + maxI64 + "] has more than 2^63 elements", off: 3},
		{name: "binary zero with a huge dimension", in: binHeader(" i32", 1<<63-1, 0), shape: []int64{1<<63 - 1, 0}},
		{name: "binary overflowing", in: binHeader(" f32", 1<<32, 1<<32),
			msg: "byte 7: binary value: the shape [4294967296][4294967296] has more than 2^63 elements", off: 7},
		{name: "binary bytes overflowing", in: binHeader(" f64", 1<<61, 2),
			msg: "needs more than 2^62 bytes", off: 7},
		{name: "binary beyond the limit", in: binHeader(" f32", 1000000000000), limit: 1 << 30,
			msg: "byte 7: binary value: cannot allocate 4000000000000 bytes for a [1000000000000]f32 value: more than the memory limit of 1073741824 bytes", off: 7},
		{name: "binary within the limit", in: append(binHeader(" i16", 2), 1, 0, 2, 0), limit: 4, shape: []int64{2}},
		{name: "binary empty beyond any limit", in: binHeader(" i64", 0, 1<<62), limit: 1, shape: []int64{0, 1 << 62}},
		{name: "text beyond the limit", in: []byte("[1i32, 2i32, 3i32]"), limit: 8,
			msg: "line 1, column 14 (byte 13): cannot allocate 12 bytes for a textual i32 array", off: 13},
		{name: "text within the limit", in: []byte("[[1i32], [2i32]]"), limit: 8, shape: []int64{2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(tc.in))
			r.SetMemoryLimit(tc.limit)
			v, err := r.Read()
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				if !equalShape(v.Shape, tc.shape) {
					t.Fatalf("shape %v, want %v", v.Shape, tc.shape)
				}
				if err := v.Validate(); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("error %v, want one containing %q", err, tc.msg)
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset != tc.off {
				t.Fatalf("error %v not a SyntaxError at byte %d", err, tc.off)
			}
		})
	}
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestShapeBytes(t *testing.T) {
	for _, tc := range []struct {
		t            PrimType
		shape        []int64
		elems, bytes int64
		msg          string
	}{
		{t: F32, shape: nil, elems: 1, bytes: 4},
		{t: F32, shape: []int64{1000000000000}, elems: 1000000000000, bytes: 4000000000000},
		{t: I64, shape: []int64{1 << 62, 0}, elems: 0, bytes: 0},
		{t: I64, shape: []int64{0, 1 << 62, 1 << 62}, elems: 0, bytes: 0},
		{t: I8, shape: []int64{1 << 31, 1 << 31}, elems: 1 << 62, bytes: 1 << 62},
		{t: I16, shape: []int64{1 << 31, 1 << 31}, elems: 1 << 62, msg: "the shape [2147483648][2147483648] of i16 elements needs more than 2^63 bytes"},
		{t: I8, shape: []int64{1 << 32, 1 << 32}, msg: "the shape [4294967296][4294967296] has more than 2^63 elements"},
		{t: F64, shape: []int64{1 << 61}, msg: "the shape [2305843009213693952] of f64 elements needs more than 2^63 bytes"},
		{t: F64, shape: []int64{3, -1}, msg: "the shape [3][-1] has a negative dimension"},
	} {
		n, b, err := ShapeBytes(tc.t, tc.shape)
		if tc.msg != "" {
			if err == nil || err.Error() != tc.msg {
				t.Errorf("ShapeBytes(%s, %v): error %v, want %q", tc.t, tc.shape, err, tc.msg)
			}
			continue
		}
		if err != nil || n != tc.elems || b != tc.bytes {
			t.Errorf("ShapeBytes(%s, %v) = %d, %d, %v; want %d, %d", tc.t, tc.shape, n, b, err, tc.elems, tc.bytes)
		}
	}
}

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"123", 123, true}, {"4K", 4096, true}, {"2MiB", 2 << 20, true},
		{"3G", 3 << 30, true}, {"1T", 1 << 40, true}, {"16gb", 0, false}, {"-1", 0, false},
		{"", 0, false}, {"K", 0, false}, {"99999999999T", 0, false}, {"1.5G", 0, false},
	} {
		got, err := ParseByteSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestMemoryLimitEnv(t *testing.T) {
	t.Setenv(MemoryLimitEnv, "1K")
	if n, err := MemoryLimit(); n != 1024 || err != nil {
		t.Fatalf("MemoryLimit = %d, %v; want 1024", n, err)
	}
	// ReadArgs applies it.
	_, err := ReadArgs(strings.NewReader(string(binHeader(" f32", 1<<20))), "main", []ArgType{{F32, 1}})
	if err == nil || !strings.Contains(err.Error(), "cannot allocate 4194304 bytes for a [1048576]f32 value: more than the memory limit of 1024 bytes") {
		t.Fatalf("ReadArgs: %v", err)
	}
	t.Setenv(MemoryLimitEnv, "lots")
	if _, err := MemoryLimit(); err == nil || !strings.Contains(err.Error(), "$FCC_MEMORY_LIMIT") {
		t.Fatalf("MemoryLimit with a bad override: %v", err)
	}
	t.Setenv(MemoryLimitEnv, "")
	if n, _ := MemoryLimit(); n < 0 {
		t.Fatalf("physical memory %d", n)
	}
}
