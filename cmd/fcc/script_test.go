package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/script"
)

// TestScriptInputs runs fcc test on script inputs: expressions, data
// files, an expression in a file, tuples spread over parameters, and
// the mistakes (an unknown entry point, a builtin a test may not use, a
// wrong expected value) reported as failures of their cases.
func TestScriptInputs(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	code, stdout, stderr := runFcc("test", "testdata/scripted.fut")
	if code != 1 || !strings.Contains(stdout, "8 passed, 5 failed") {
		t.Fatalf("exit %d:\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"FAIL testdata/scripted.fut:8: entry total, data set wrong (compiled)\n  value 0: expected 0i64, got 10i64",
		"FAIL testdata/scripted.fut:22: entry add2, data set nope 1 (compiled)\n  input: testdata/scripted.fut:22:19: script input: unknown name nope: not a variable nor an entry point of the program (entry points: mk, total, add2)",
		"input: testdata/scripted.fut:23:19: script input: builtin $loadimg cannot be used here (only $loaddata, $loadbytes)",
		"FAIL testdata/scripted.fut:11: entry total, data set scripted_bad.script (compiled)\n  input: testdata/scripted_bad.script:3:3: argument 1 of mk is a tuple of 2 values, but a value of type i64 is expected",
		// Neither FutharkScript nor Futhark: both errors.
		"input: testdata/scripted.fut:32:25: script input: unexpected character '+' (as a Futhark expression appended to the program: ",
		`Cannot apply "mk" to argument 1`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks\n%s\nstderr:\n%s", want, stderr)
		}
	}
	// fcc bench times script inputs too.
	// (In a copy of the folder: fcc bench leaves the executable beside
	// the program.)
	dir := t.TempDir()
	for _, f := range []string{"scripted.fut", "scripted.in", "scripted2.in", "scripted.script", "scripted_bad.script"} {
		copyProgram(t, filepath.Join("testdata", f), dir)
	}
	prog := filepath.Join(dir, "scripted.fut")
	_, stdout, stderr = runFcc("bench", "-r", "1", "--no-convergence-phase", "--no-terminal", "-e", "add2", prog)
	for _, want := range []string{"(mk 4i64, 10i64):", "1 runs)", "nope 1:", "failed\n  " + prog + ":22:19: script input: unknown name nope"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("fcc bench output lacks %q:\n%s%s", want, stdout, stderr)
		}
	}
	// The interpreter has no server mode: script inputs are skipped.
	code, stdout, _ = runFcc("test", "-i", "testdata/scripted.fut")
	if code != 0 || !strings.Contains(stdout, "13 skipped") {
		t.Errorf("-i: exit %d:\n%s", code, stdout)
	}
}

// TestScriptCommand runs fcc script: values of every kind printed, files
// read relative to the working folder, -b, several expressions, and the
// errors.
func TestScriptCommand(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	exe := buildTestdata(t, "server")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in.data"), []byte("[1f32, 2f32] 3i32"), 0o644)
	exprFile := filepath.Join(dir, "e.fs")
	os.WriteFile(exprFile, []byte("-- from a file\nsum [4, 5]\n"), 0o644)
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args       []string
		code       int
		stdout     string
		stderrPart string
	}{
		{[]string{exe, "sum (double [1, 2, 3])"}, 0, "12.0f32\n", ""},
		{[]string{exe, "stats [1, 2, 3]"}, 0, "{mean = 2.0f32, n = 3i64}\n", ""},
		{[]string{exe, "mean {n = 3, mean = 7}"}, 0, "7.0f32\n", ""},
		{[]string{exe, "pair 1 [1, 2]"}, 0, "(1i32, [2i32, 3i32])\n", ""},
		{[]string{exe, "let (x, ys) = pair 1 [5] in pair x ys"}, 0, "(1i32, [7i32])\n", ""},
		{[]string{exe, "(transp [[1, 2]], empty([0]i32), true)"}, 0, "([[1.0f64], [2.0f64]], empty([0]i32), true)\n", ""},
		{[]string{exe, `let (xs, n) = $loaddata "` + filepath.Join(dir, "in.data") + `" in (sum xs, n)`}, 0, "(3.0f32, 3i32)\n", ""},
		{[]string{exe, "-e", `$store "` + out + `" (double [1, 2])`, "-f", exprFile}, 0, "9.0f32\n", ""},
		{[]string{exe, "-b", "sum [1, 1]"}, 0, "b\x02\x00 f32\x00\x00\x00@", ""},
		{[]string{exe, "-b", "pair 1 [1]"}, 1, "", "-b: the result is a tuple"},
		{[]string{exe, "sum [1, 2"}, 1, "", "the command line: 1:10: expected , or ] in the array, found end of input"},
		{[]string{exe, "nope 1"}, 1, "", "1:1: unknown name nope: not a variable nor an entry point of the program (entry points: double, sum, stats"},
		{[]string{exe, "sum 1"}, 1, "", "1:5: argument 1 of sum has type i32, but []f32 is expected"},
		{[]string{exe, "sum [1] [2]"}, 1, "", "1:1: entry point sum takes 1 argument(s) ([]f32), but is given 2"},
		{[]string{exe, "get [1, 2] 7"}, 1, "", "1:1: get: "},
		{[]string{exe, `$loaddata "` + filepath.Join(dir, "missing") + `"`}, 1, "", "1:1: $loaddata: open "},
		{[]string{exe}, 2, "", "no expression given"},
		{[]string{"testdata/nosuch.fut", "f 1"}, 1, "", "nosuch.fut"},
		{[]string{"testdata/server.fut", "sum [1, 2]"}, 0, "3.0f32\n", ""},
		// futhark script's flags: -L and -D reach the executable and its
		// standard error is shown; -v says what is done.
		{[]string{"-L", exe, "sum [1, 2]"}, 0, "3.0f32\n", "Peak device memory usage"},
		{[]string{"-D", exe, "sum [1, 2]"}, 0, "3.0f32\n", "Peak device memory usage"},
		{[]string{"-v", "testdata/server.fut", "sum [1, 2]"}, 0, "3.0f32\n", "Compiling testdata/server.fut..."},
		{[]string{"--backend=cuda", exe, "sum [1]"}, 2, "", `backend "cuda" is not supported`},
		// --skip-compilation runs the executable beside prog.fut.
		{[]string{"--skip-compilation", exe + ".fut", "sum [2, 2]"}, 0, "4.0f32\n", ""},
		{[]string{"--skip-compilation", "testdata/nosuch.fut", "sum [1]"}, 1, "", "--skip-compilation: no executable testdata/nosuch"},
	} {
		code, stdout, stderr := runFcc(append([]string{"script"}, tc.args...)...)
		if code != tc.code || stdout != tc.stdout || !strings.Contains(stderr, tc.stderrPart) {
			t.Errorf("fcc script %q: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
				tc.args, code, stdout, stderr, tc.code, tc.stdout, tc.stderrPart)
		}
	}
	if b, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(b), "b\x02\x01 f32") {
		t.Errorf("$store wrote %q, %v", b, err)
	}
}

// TestBlockError checks where an error in a test block's script input is
// placed in the program.
func TestBlockError(t *testing.T) {
	prog := writeProgram(t, "-- ==\n-- script input\n--   { f 1\n--       (g x) }\n-- output { 1 }\nentry f (x: i32) = x\n")
	for _, tc := range []struct {
		pos  script.Pos
		want string
	}{
		{script.Pos{Line: 1, Col: 2}, ":3:8: script input: boom"},
		{script.Pos{Line: 2, Col: 8}, ":4:10: script input: boom"},
	} {
		err := blockError(prog, 2, &script.Error{Pos: tc.pos, Msg: "boom"})
		if err == nil || err.Error() != prog+tc.want {
			t.Errorf("blockError at %v = %v, want %s%s", tc.pos, err, prog, tc.want)
		}
	}
	if err := blockError(prog, 2, errors.New("plain")); err == nil || err.Error() != prog+":2: script input: plain" {
		t.Errorf("blockError of a plain error = %v", err)
	}
}
