package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/tests/spec"
)

// TestDatasetHugeShapes checks what fcc dataset does with shapes far
// beyond the memory: types and headers are written without generating
// anything, overflowing shapes fail before anything is written, and
// arrays without elements are written whatever their other dimensions.
func TestDatasetHugeShapes(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{args: []string{"-t", "-g", "[1000000000000]f32"}, stdout: "[1000000000000]f32\n"},
		{args: []string{"--binary-only-header", "-g", "[1000000000000]f32"}, stdout: "b\x02\x01 f32\x00\x10\xa5\xd4\xe8\x00\x00\x00"},
		{args: []string{"-g", "[0][9223372036854775807]f32"}, stdout: "empty([0][9223372036854775807]f32)\n"},
		{args: []string{"-b", "-g", "[9223372036854775807][0]i8"}, stdout: "b\x02\x02  i8\xff\xff\xff\xff\xff\xff\xff\x7f\x00\x00\x00\x00\x00\x00\x00\x00"},
		{args: []string{"-g", "i32", "-g", "[4294967296][4294967296]f32"}, code: 2,
			stderr: "fcc dataset: --generate [4294967296][4294967296]f32: \"[4294967296][4294967296]f32\": the shape [4294967296][4294967296] has more than 2^63 elements\n"},
		{args: []string{"-g", "[9223372036854775807]f64"}, code: 2, stderr: "needs more than 2^63 bytes"},
	} {
		code, out, stderr := runFccIn(nil, append([]string{"dataset"}, tc.args...)...)
		if code != tc.code || string(out) != tc.stdout || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("fcc dataset %s: exit %d, stdout %q, stderr %q; want %d, %q, %q", strings.Join(tc.args, " "), code, out, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// limitedWriter takes n bytes, then fails.
type limitedWriter struct {
	bytes.Buffer
	n int
}

var errFull = errors.New("output full")

func (w *limitedWriter) Write(p []byte) (int, error) {
	if w.Len()+len(p) > w.n {
		return 0, errFull
	}
	return w.Buffer.Write(p)
}

// TestDatasetStreams checks that a random value of 4 TB is written as it
// is generated: its first megabytes come out (and the run ends when the
// output fails) instead of the run dying of the allocation; and that what
// streams out in pieces is the value Generate makes whole.
func TestDatasetStreams(t *testing.T) {
	for _, format := range []string{"--text", "-b"} {
		w := &limitedWriter{n: 3 << 20}
		var stderr bytes.Buffer
		start := time.Now()
		code := fcc([]string{"dataset", format, "-g", "[1000000000000]f32"}, strings.NewReader(""), w, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "output full") || w.Len() < 2<<20 {
			t.Errorf("%s: exit %d, %d bytes written, stderr %q", format, code, w.Len(), stderr.String())
		}
		if d := time.Since(start); d > 60*time.Second {
			t.Errorf("%s: took %v", format, d)
		}
	}
	for _, g := range []string{"[3][1500000]i8", "[2100000]f32", "[5][3][2]f16"} {
		for _, format := range []string{"--text", "-b", "--binary-no-header"} {
			code, out, stderr := runFccIn(nil, "dataset", "-s", "4", format, "-g", g)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", format, g, code, stderr)
			}
			gv, _ := spec.ParseGenValue(g)
			v := spec.Generate(gv, 4, spec.DefaultBounds())
			var want bytes.Buffer
			switch format {
			case "--text":
				values.WriteText(&want, v)
				want.WriteString("\n")
			default:
				values.WriteBinary(&want, v)
			}
			w := want.Bytes()
			if format == "--binary-no-header" {
				w = w[7+8*v.Rank():]
			}
			if !bytes.Equal(out, w) {
				t.Errorf("%s %s: %d bytes differ from Generate's %d", format, g, len(out), len(w))
			}
		}
	}
}

// TestDatasetConversionLimit checks that a value converted from standard
// input is refused from its header when it exceeds the memory limit.
func TestDatasetConversionLimit(t *testing.T) {
	t.Setenv(values.MemoryLimitEnv, "1M")
	code, _, stderr := runFccIn([]byte("b\x02\x01 f32\x00\x10\xa5\xd4\xe8\x00\x00\x00"), "dataset", "--text")
	if code != 1 || !strings.Contains(stderr, "cannot allocate 4000000000000 bytes for a [1000000000000]f32 value: more than the memory limit of 1048576 bytes") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
