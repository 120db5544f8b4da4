package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const libraryProgram = `-- ==
-- entry: rowsums
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [6f32, 14f32] }
entry rowsums (m: [][]f32) : []f32 = map (\r -> reduce (+) 0 (map (*2) r)) m
entry scale (k: i32) (xs: []i32) : ([]i32, i32) = (map (*k) xs, k + 1)
entry flip (m: [][]f64) : [][]f64 = transpose m
entry pick (xs: []u8) (i: i64) : u8 = xs[i]
`

// libraryCheck is a test added to the generated package: it calls every
// entry point, including failures, and checks the results.
const libraryCheck = `package mylib_test

import (
	"reflect"
	"strings"
	"testing"

	"mylib"
)

func TestCalls(t *testing.T) {
	ctx, err := mylib.NewContext(&mylib.Options{Params: map[string]int64{"rowsums.segred_map_outer": 1}})
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	rs, err := ctx.Rowsums(mylib.NewArray([]float32{1, 2, 3, 4, 5, 6}, 3, 2))
	if err != nil || !reflect.DeepEqual(rs, []float32{6, 14, 22}) {
		t.Errorf("Rowsums: %v, %v", rs, err)
	}
	in := []int32{1, 2, 3}
	ys, k, err := ctx.Scale(3, in)
	if err != nil || !reflect.DeepEqual(ys, []int32{3, 6, 9}) || k != 4 || in[0] != 1 {
		t.Errorf("Scale: %v %v %v", ys, k, err)
	}
	if ys, _, err := ctx.Scale(3, nil); err != nil || len(ys) != 0 {
		t.Errorf("Scale of nil: %v %v", ys, err)
	}
	tr, err := ctx.Flip(mylib.NewArray([]float64{1, 2, 3, 4, 5, 6}, 2, 3))
	if err != nil || !reflect.DeepEqual(tr.Shape, []int64{3, 2}) || !reflect.DeepEqual(tr.Data, []float64{1, 4, 2, 5, 3, 6}) {
		t.Errorf("Flip: %v %v", tr, err)
	}
	if _, err := ctx.Flip(mylib.NewArray([]float64{1, 2, 3}, 2, 3)); err == nil || !strings.Contains(err.Error(), "Flip: argument m") {
		t.Errorf("Flip with a bad shape: %v", err)
	}
	if _, err := ctx.Flip(mylib.NewArray([]float64{1, 2, 3}, 3)); err == nil || !strings.Contains(err.Error(), "rank 1, want 2") {
		t.Errorf("Flip with a bad rank: %v", err)
	}
	if x, err := ctx.Pick([]uint8{7, 8, 9}, 2); err != nil || x != 9 {
		t.Errorf("Pick: %v %v", x, err)
	}
	if _, err := ctx.Pick([]uint8{7}, 5); err == nil || !strings.Contains(err.Error(), "out of bounds") {
		t.Errorf("Pick out of bounds: %v", err)
	}
	if _, err := mylib.NewContext(&mylib.Options{Params: map[string]int64{"nosuch": 1}}); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("unknown parameter: %v", err)
	}
	var served strings.Builder
	if err := ctx.Serve(strings.NewReader("entry_points\ninputs scale\nfree nope\n"), &served); err != nil ||
		served.String() != "%%% OK\nrowsums\nscale\nflip\npick\n%%% OK\ni32\n[]i32\n%%% OK\n%%% FAILURE\nUnknown variable: nope\n%%% OK\n" {
		t.Errorf("Serve: %q, %v", served.String(), err)
	}
	ctx.Close()
	if _, err := ctx.Pick([]uint8{7}, 0); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("call after Close: %v", err)
	}
}
`

// TestBuildLibrary builds a Go package from a program and runs go test in
// it: its Example (made from the program's test block, with an Output
// comment) and a test that calls every entry point.
func TestBuildLibrary(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "lib.fut")
	if err := os.WriteFile(prog, []byte(libraryProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "mylib")
	if code, _, stderr := runFcc("build", "--library", prog, "-o", out); code != 0 {
		t.Fatalf("build --library: exit %d: %s", code, stderr)
	}
	example, err := os.ReadFile(filepath.Join(out, "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func ExampleContext_Rowsums()", "ctx.Rowsums(mylib.Array[float32]{Shape: []int64{2, 2}, Data: []float32{1, 2, 3, 4}})", "// Output:\n\t// [6 14]"} {
		if !strings.Contains(string(example), want) {
			t.Errorf("example_test.go lacks %q:\n%s", want, example)
		}
	}
	// Building again into the same folder replaces the package.
	if code, _, stderr := runFcc("build", "--library", prog, "-o", out); code != 0 {
		t.Fatalf("second build --library: exit %d: %s", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(out, "check_test.go"), []byte(libraryCheck), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = out
	// -trimpath lets the build cache serve the runtime built for an
	// earlier temporary folder.
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod -trimpath")
	if outp, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the generated package: %v\n%s", err, outp)
	}
}

func TestBuildLibraryErrors(t *testing.T) {
	prog := writeProgram(t, "entry main (x: i32) = x + 1\n")
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"package without library", []string{"build", "--package=x", prog}, 2, "need --library"},
		{"bad package", []string{"build", "--library", "--package=func", prog}, 2, "not a valid Go package name"},
		{"foreign folder", []string{"build", "--library", prog, "-o", other}, 1, "refusing to overwrite"},
		{"file", []string{"build", "--library", prog, "-o", prog}, 1, "is not a folder"},
	}
	for _, tc := range tests {
		code, _, stderr := runFcc(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d (want %d), stderr %q (want %q)", tc.name, code, tc.code, stderr, tc.stderr)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(other, "notes.txt")); string(data) != "mine" {
		t.Errorf("the foreign folder was changed")
	}
}
