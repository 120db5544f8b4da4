package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostileLibrary has entry points whose method names collide when
// sanitised (f' and f_ are both F_), one named like a Context method
// (close), one returning (), parameters named like Go's predeclared
// identifiers and the generated code's own, and a test block with NaN,
// infinities and -0, which the generated Example must write as Go.
const hostileLibrary = `-- ==
-- entry: f'
-- input { [1f32, -0f32, f32.nan, f32.inf, -f32.inf] 2f64 }
-- output { [1f32, -0f32, f32.nan, f32.inf, -f32.inf] -0f64 }
entry f' (xs: []f32) (len: f64) : ([]f32, f64) = (xs, -0.0 * len)
entry f_ (nil: i32) (int64: i32) (float32: i32) (Array: [][]i32) (values: i32) (exe: i32) (fmt: i32) (res: i32) (err: i32) (c: i32) (append: bool) : i32 =
  nil + int64 + float32 + i32.i64 (length Array) + values + exe + fmt + res + err + c + (if append then 1 else 0)
entry f_27_ (x: i32) : i32 = x * 27
entry close (x: i32) : i32 = x + 1
entry unit (x: i32) : () = ()
`

// hostileCheck calls every entry point of hostileLibrary's package, and
// methods of zero-value and nil Contexts, which must fail, not panic.
const hostileCheck = `package fmt__test

import (
	"math"
	"strings"
	"testing"

	"fmt_"
)

func TestHostile(t *testing.T) {
	var zero fmt_.Context
	if _, err := zero.Eclose(1); err == nil || !strings.Contains(err.Error(), "NewContext") {
		t.Errorf("call on a zero Context: %v", err)
	}
	var none *fmt_.Context
	if err := none.Unit(1); err == nil {
		t.Errorf("call on a nil Context: no error")
	}
	zero.Close()
	none.Close()
	ctx, err := fmt_.NewContext(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	xs, z, err := ctx.Ef_27_([]float32{1, float32(math.Copysign(0, -1)), float32(math.NaN())}, 2)
	if err != nil || len(xs) != 3 || !math.Signbit(float64(xs[1])) || !math.IsNaN(float64(xs[2])) || z != 0 || !math.Signbit(z) {
		t.Errorf("f': %v %v %v", xs, z, err)
	}
	if n, err := ctx.Ef__(1, 2, 3, fmt_.NewArray([]int32{1, 2, 3, 4, 5, 6}, 3, 2), 4, 5, 6, 7, 8, 9, true); n != 49 || err != nil {
		t.Errorf("f_: %v %v", n, err)
	}
	if n, err := ctx.F_27_(2); n != 54 || err != nil {
		t.Errorf("f_27_: %v %v", n, err)
	}
	if n, err := ctx.Eclose(1); n != 2 || err != nil {
		t.Errorf("close: %v %v", n, err)
	}
	if err := ctx.Unit(3); err != nil {
		t.Errorf("unit: %v", err)
	}
}
`

// TestBuildLibraryHostile builds hostileLibrary into a folder named like a
// standard-library package, runs go vet and go test in it, and rebuilds it
// beside the user's own files, which must be kept.
func TestBuildLibraryHostile(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "lib.fut")
	if err := os.WriteFile(prog, []byte(hostileLibrary), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fmt")
	if code, _, stderr := runFcc("build", "--library", prog, "-o", out); code != 0 {
		t.Fatalf("build --library: exit %d: %s", code, stderr)
	}
	example, err := os.ReadFile(filepath.Join(out, "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"float32(math.Copysign(0, -1)), float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))", "ctx.Ef_27_("} {
		if !strings.Contains(string(example), want) {
			t.Errorf("example_test.go lacks %q:\n%s", want, example)
		}
	}
	// The user's files: a test calling the package, and a Go file of the
	// package.
	mine := map[string]string{
		"check_test.go": hostileCheck,
		"mine.go":       "package fmt_\n\n// Mine is the user's.\nconst Mine = 1\n",
		"notes.txt":     "mine",
	}
	for name, text := range mine {
		if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runFcc("build", "--library", prog, "-o", out); code != 0 {
		t.Fatalf("second build --library: exit %d: %s", code, stderr)
	}
	for name, text := range mine {
		if data, err := os.ReadFile(filepath.Join(out, name)); err != nil || string(data) != text {
			t.Errorf("rebuilding changed the user's %s: %v", name, err)
		}
	}
	for _, args := range [][]string{{"vet", "."}, {"test", "-count=1", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = out
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod -trimpath")
		if outp, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in the generated package: %v\n%s", args[0], err, outp)
		}
	}
	// A generated file the user changed is theirs too.
	api := filepath.Join(out, "api.go")
	data, err := os.ReadFile(api)
	if err != nil {
		t.Fatal(err)
	}
	changed := append(data, "\n// edited\n"...)
	if err := os.WriteFile(api, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runFcc("build", "--library", prog, "-o", out); code != 1 || !strings.Contains(stderr, api) || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("rebuild over a changed api.go: exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(api); string(data) != string(changed) {
		t.Errorf("the changed api.go was overwritten")
	}
}
