package spec

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// header is the binary format's header of a one-dimensional f32 array
// of n elements.
func header(n int64) []byte {
	return binary.LittleEndian.AppendUint64([]byte("b\x02\x01 f32"), uint64(n))
}

func TestReadDataFileLimits(t *testing.T) {
	t.Setenv(values.MemoryLimitEnv, "1M")
	dir := t.TempDir()
	small := append(header(3), make([]byte, 12)...)
	for _, tc := range []struct {
		name string
		data []byte
		want []byte // the inflated data, or
		msg  string // the error
	}{
		{name: "ok.gz", data: gzipped(t, small), want: small},
		{name: "text.gz", data: gzipped(t, []byte("[1, 2] 3i64")), want: []byte("[1, 2] 3i64")},
		{name: "plain", data: small, want: small},
		// A header that declares 4 GiB: refused before inflating the data.
		{name: "huge.gz", data: gzipped(t, append(header(1<<30), make([]byte, 1<<16)...)),
			msg: "huge.gz (inflated): byte 7: binary value: cannot allocate 4294967296 bytes for a [1073741824]f32 value: more than the memory limit of 1048576 bytes"},
		// More bytes than any value needs: 2 MiB of spaces.
		{name: "spaces.gz", data: gzipped(t, bytes.Repeat([]byte(" "), 2<<20)), msg: "spaces.gz: inflates to more than the memory limit of 1048576 bytes"},
		// Data beyond what the header declares is read as a next value.
		{name: "trailing.gz", data: gzipped(t, append(small, 0, 0, 0, 0)), msg: "trailing.gz (inflated): line 1, column 28 (byte 27): expected a value"},
		{name: "big", data: make([]byte, 2<<20), msg: "cannot allocate 2097152 bytes for the data file"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadDataFile(path)
		if tc.msg != "" {
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.msg)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestRandomInputLimits(t *testing.T) {
	t.Setenv(values.MemoryLimitEnv, "1G")
	for _, tc := range []struct {
		gen string
		msg string // "" when the input is made
	}{
		{gen: "[10][3]i32"},
		{gen: "[0][9223372036854775807]f32"},
		{gen: "[100000000000]f32", msg: "random input [100000000000]f32: cannot allocate 800000000000 bytes for the random input (generated and encoded)"},
		{gen: "[100000][100000]f32", msg: "random input [100000][100000]f32: cannot allocate"},
	} {
		g, err := ParseGenValue(tc.gen)
		if err != nil {
			t.Fatal(err)
		}
		c := &Case{Input: Input{Kind: InputRandom, Random: []GenValue{g}}}
		_, err = c.InputData(".")
		if tc.msg == "" && err != nil || tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg)) {
			t.Errorf("%s: %v, want %q", tc.gen, err, tc.msg)
		}
	}
	if _, err := ParseGenValue("[4294967296][4294967296]f32"); err == nil || !strings.Contains(err.Error(), "has more than 2^63 elements") {
		t.Errorf("overflowing shape: %v", err)
	}
}

// TestGenerateStream checks that the streamed elements are Generate's.
func TestGenerateStream(t *testing.T) {
	for _, s := range []string{"[7][5]f32", "[1000]i8", "[3][0]u16", "[33]f16", "bool", "[12]bool", "[10]u64", "[9]f64", "[11]i64"} {
		g, err := ParseGenValue(s)
		if err != nil {
			t.Fatal(err)
		}
		want := Generate(g, 5, DefaultBounds())
		for _, chunk := range []int64{1, 4, 1 << 20} {
			got := values.NewArray(g.Type, []int64{0})
			err := GenerateStream(g, 5, DefaultBounds(), chunk, func(v values.Value) error {
				if v.Len() > chunk {
					t.Errorf("%s: a piece of %d elements, more than %d", s, v.Len(), chunk)
				}
				got.Data = reflect.AppendSlice(reflect.ValueOf(got.Data), reflect.ValueOf(v.Data)).Interface()
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Data, want.Data) {
				t.Errorf("%s in pieces of %d: %v, want %v", s, chunk, got.Data, want.Data)
			}
		}
	}
}

// FuzzReadDataFile checks that a gzip data file, whatever it inflates to,
// is read without panicking and never to more than the memory limit, and
// that what is read holds only complete values.
func FuzzReadDataFile(f *testing.F) {
	f.Add([]byte("[1, 2] 3i64"), false)
	f.Add(append(header(3), make([]byte, 12)...), false)
	f.Add(append(header(1<<40), make([]byte, 100)...), false)
	f.Add([]byte("empty([0][9223372036854775807]i32) empty([9223372036854775807][2]i32)"), false)
	f.Add(bytes.Repeat([]byte("  "), 5000), false)
	f.Add([]byte("\x1f\x8b garbage"), true)
	f.Fuzz(func(t *testing.T, data []byte, raw bool) {
		t.Setenv(values.MemoryLimitEnv, "4K")
		file := data
		if !raw {
			file = gzipped(t, data)
		}
		path := filepath.Join(t.TempDir(), "data.gz")
		if err := os.WriteFile(path, file, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadDataFile(path)
		if err != nil {
			return
		}
		if len(got) > 4096 {
			t.Fatalf("read %d bytes, more than the limit", len(got))
		}
		if _, err := ReadValues(got); err != nil {
			t.Fatalf("read data that does not parse: %v", err)
		}
	})
}
