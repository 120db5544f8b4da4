package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/tests/spec"
)

func runFccIn(stdin []byte, args ...string) (code int, stdout []byte, stderr string) {
	var o, e bytes.Buffer
	code = fcc(args, bytes.NewReader(stdin), &o, &e)
	return code, o.Bytes(), e.String()
}

// TestDatasetRoundTrip converts generated values text -> binary -> text
// and binary -> text -> binary: both must reproduce their input exactly.
func TestDatasetRoundTrip(t *testing.T) {
	gens := []string{"[3][4]f32", "[5]f64", "[7]f16", "[4]bool", "i8", "[3]i16", "[2][2]i32", "[6]i64",
		"[3]u8", "[3]u16", "[3]u32", "[3]u64", "[0]i32", "[2][0]f32", "f64"}
	args := []string{"dataset", "--f64-bounds=-1e300:1e300", "--f32-bounds=-1e-30:1e-30"}
	for _, g := range gens {
		args = append(args, "-g", g)
	}
	code, text, stderr := runFccIn(nil, args...)
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	code, bin, stderr := runFccIn(text, "dataset", "-b")
	if code != 0 {
		t.Fatalf("text to binary: exit %d: %s", code, stderr)
	}
	code, text2, stderr := runFccIn(bin, "dataset", "--text")
	if code != 0 {
		t.Fatalf("binary to text: exit %d: %s", code, stderr)
	}
	if !bytes.Equal(text, text2) {
		t.Errorf("text -> binary -> text changed the values:\n%s\n%s", text, text2)
	}
	code, bin2, _ := runFccIn(text2, "dataset", "--binary")
	if code != 0 || !bytes.Equal(bin, bin2) {
		t.Errorf("binary -> text -> binary changed the bytes")
	}
	code, types, _ := runFccIn(bin, "dataset", "-t")
	if code != 0 || strings.Fields(string(types))[0] != "[3][4]f32" || len(strings.Fields(string(types))) != len(gens) {
		t.Errorf("types: %s", types)
	}
}

func TestDatasetOptions(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // exact, when not ""
		check  func(t *testing.T, vs []values.Value)
		stderr string
	}{
		{name: "constant", args: []string{"-g", "42i8", "-g", "[1, 2]"}, stdout: "42i8\n[1i32, 2i32]\n"},
		{name: "bounds apply to later -g only", args: []string{"-g", "[50]i32", "--i32-bounds=3:4", "-g", "[50]i32"},
			check: func(t *testing.T, vs []values.Value) {
				outside := 0
				for _, x := range vs[0].Data.([]int32) {
					if x < 3 || x > 4 {
						outside++
					}
				}
				if outside == 0 {
					t.Errorf("bounds applied to an earlier -g")
				}
				for _, x := range vs[1].Data.([]int32) {
					if x < 3 || x > 4 {
						t.Errorf("%d outside 3:4", x)
					}
				}
			}},
		{name: "float bounds", args: []string{"--f32-bounds=-1:1", "-g", "[100]f32"},
			check: func(t *testing.T, vs []values.Value) {
				neg := false
				for _, x := range vs[0].Data.([]float32) {
					neg = neg || x < 0
					if x < -1 || x > 1 {
						t.Errorf("%g outside -1:1", x)
					}
				}
				if !neg {
					t.Errorf("no negative value in -1:1")
				}
			}},
		{name: "binary then text", args: []string{"-b", "-g", "i32", "--text", "-g", "i32"},
			check: func(t *testing.T, vs []values.Value) {
				if len(vs) != 2 {
					t.Errorf("%d values", len(vs))
				}
			}},
		{name: "only header", args: []string{"--binary-only-header", "-g", "[2][3]i32"}, stdout: "b\x02\x02 i32\x02\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00"},
		{name: "no header", args: []string{"--binary-no-header", "-g", "[2]u8", "--u8-bounds=7:7", "-g", "[2]u8"}, stdout: string(mustGen(t, "[2]u8")) + "\x07\x07"},
		{name: "bad type", args: []string{"-g", "[n]f32"}, code: 2, stderr: `--generate [n]f32: "[n]f32": array size "n"`},
		{name: "bad bounds", args: []string{"--i8-bounds=0:300", "-g", "i8"}, code: 2, stderr: "invalid bounds for i8"},
		{name: "bad stdin", stdin: "[1, 2", code: 1, stderr: "malformed data on standard input"},
		{name: "convert", stdin: "[1, 2] 3.5f32 true", stdout: "[1i32, 2i32]\n3.5f32\ntrue\n"},
		{name: "arguments", args: []string{"x"}, code: 2, stderr: "expected 0 program file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runFccIn([]byte(tc.stdin), append([]string{"dataset"}, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q)", code, tc.code, stderr, tc.stderr)
			}
			if tc.stdout != "" && string(out) != tc.stdout {
				t.Errorf("stdout %q, want %q", out, tc.stdout)
			}
			if tc.check != nil {
				vs, err := spec.ReadValues(out)
				if err != nil {
					t.Fatal(err)
				}
				tc.check(t, vs)
			}
		})
	}
	// The same seed gives the same data, another seed other data.
	_, a, _ := runFccIn(nil, "dataset", "-s", "5", "-g", "[10]i64")
	_, b, _ := runFccIn(nil, "dataset", "--seed=5", "-g", "[10]i64")
	_, c, _ := runFccIn(nil, "dataset", "-s", "6", "-g", "[10]i64")
	if !bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Errorf("seeding is not deterministic:\n%s%s%s", a, b, c)
	}
}

// mustGen returns the elements (no header) of the first value fcc dataset
// generates for g with the default seed.
func mustGen(t *testing.T, g string) []byte {
	gv, err := spec.ParseGenValue(g)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	v := spec.Generate(gv, 1, spec.DefaultBounds())
	values.WriteBinary(&b, v)
	return b.Bytes()[7+8*v.Rank():]
}

// TestDatasetReadByExecutable feeds generated data to a compiled program
// that returns its arguments: the values must come back unchanged, in
// both formats.
func TestDatasetReadByExecutable(t *testing.T) {
	exe := buildTestdata(t, "roundtrip")
	for _, format := range []string{"--text", "-b"} {
		code, data, stderr := runFccIn(nil, "dataset", format, "--f32-bounds=-100:100", "-g", "[4][3]f32", "-g", "[5]i64", "-g", "bool")
		if code != 0 {
			t.Fatalf("dataset: %s", stderr)
		}
		want, err := spec.ReadValues(data)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(exe, "-b")
		cmd.Stdin = bytes.NewReader(data)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		got, err := spec.ReadValues(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d values back, want %d", format, len(got), len(want))
		}
		for i := range want {
			if !values.Equal(want[i], got[i]) {
				t.Errorf("%s: value %d: sent %s, got %s", format, i, want[i], got[i])
			}
		}
	}
}
