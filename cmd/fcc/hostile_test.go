package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostileProgram's entry points are named like each other after naive
// mangling (f' and f_27_), its parameters like Go's builtins and fcc's own
// identifiers, and its failures report positions in the file's name.
const hostileProgram = `entry f' (x: i32) : i32 = x + 1
entry f_27_ (x: i32) : i32 = x * 2
entry pick (len: []i32) (nil: i64) : i32 = len[nil]
entry divide (int64: []i32) (float32: i32) : []i32 = map (\x -> x / float32) int64
entry add [n] (Array: [n]i32) (close: [n]i32) : [n]i32 = map2 (+) Array close
entry chk (x: i32) : i32 = assert (x > 0) x
`

// TestBuildHostileName builds a program whose file name holds quotes, a
// backslash, a newline, %, #, */, spaces and non-ASCII letters: the
// executable must build, must not run code written in the name, and must
// print the name as it is in its error messages.
func TestBuildHostileName(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := filepath.Join(t.TempDir(), "a */ b")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "x\"; panic(\"pwned\"); _ = \"%d\\ #\n ü.fut")
	if err := os.WriteFile(path, []byte(hostileProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "prog")
	if code, _, stderr := runFcc("build", path, "-o", exe); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct{ entry, input, stdout, stderr string }{
		{"f'", "3", "4i32\n", ""},
		{"f_27_", "3", "6i32\n", ""},
		{"add", "[1,2] [3,4]", "[4i32, 6i32]\n", ""},
		{"pick", "[1,2] 7i64", "", path + ":3:44: Index [7] out of bounds for array of shape [2]."},
		{"divide", "[1,2] 0", "", path + ":4:67: division by zero"},
		{"add", "[1,2] [3]", "", path + ":5:1: size mismatch for parameter close"},
		{"chk", "-1", "", path + ":6:28: assertion is false"},
	} {
		cmd := exec.Command(exe, "-e", tc.entry)
		cmd.Stdin = strings.NewReader(tc.input)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if strings.Contains(stderr.String(), "pwned") && !strings.Contains(stderr.String(), path) {
			t.Fatalf("%s: code in the file name ran: %s", tc.entry, stderr.String())
		}
		if stdout.String() != tc.stdout || (tc.stderr == "") != (err == nil) || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("%s %s: %v, stdout %q (want %q), stderr %q (want %q)", tc.entry, tc.input, err, stdout.String(), tc.stdout, stderr.String(), tc.stderr)
		}
	}
}
