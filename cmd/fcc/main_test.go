package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
)

func writeProgram(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "prog.fut")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCommands(t *testing.T) {
	good := writeProgram(t, "def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)\nentry twice (x: i32) = x * 2")
	bad := writeProgram(t, "def main (x: i32) : i32 = x + true")
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     string // exact
		stderrPart string
	}{
		{"run", []string{"run", good}, "[1, 2, 3]", 0, "12.0f32\n", ""},
		{"run entry", []string{"run", good, "-e", "twice"}, "21", 0, "42i32\n", ""},
		{"run unknown entry", []string{"run", good, "-e", "nope"}, "", 1, "", `no entry point "nope"`},
		{"run bad input", []string{"run", good}, "[1, 2", 1, "", "entry point argument 1 (of type []f32)"},
		{"run too few", []string{"run", good}, "", 1, "", "expects 1 argument(s)"},
		{"run type error", []string{"run", bad}, "1", 1, "", "prog.fut:1:31: error:"},
		{"check ok", []string{"check", good}, "", 0, "", ""},
		{"check error", []string{"check", bad}, "", 1, "", `right operand of "+"`},
		{"check missing file", []string{"check", "/nonexistent.fut"}, "", 1, "", "no such file"},
		{"check no file", []string{"check"}, "", 2, "", "expected 1 program file"},
		{"build help", []string{"build", "--help"}, "", 0, "", ""},
		{"unknown command", []string{"frobnicate"}, "", 2, "", `unknown command "frobnicate"`},
		{"version", []string{"version"}, "", 0, "fcc " + version + "\n", ""},
		{"dev", []string{"dev", "--print-after=nope", good}, "", 2, "", `unknown pass "nope"`},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		code := fcc(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%s: exit code %d, want %d (stderr %q)", tc.name, code, tc.code, stderr.String())
		}
		if tc.name != "build help" && stdout.String() != tc.stdout {
			t.Errorf("%s: stdout %q, want %q", tc.name, stdout.String(), tc.stdout)
		}
		if !strings.Contains(stderr.String(), tc.stderrPart) {
			t.Errorf("%s: stderr %q does not contain %q", tc.name, stderr.String(), tc.stderrPart)
		}
	}
}

func TestDevPrintsIR(t *testing.T) {
	good := writeProgram(t, "def main (m: [][]i32) = map (map (+1)) m")
	var stdout, stderr bytes.Buffer
	if code := fcc([]string{"dev", "--print-after=all", good}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"-- after internalise", "screma", "-- after flatten", "segmap"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestDevEveryPass checks that --print-after and --explain accept the
// name of every pass, and --validate the whole pipeline.
func TestDevEveryPass(t *testing.T) {
	good := writeProgram(t, "def main (m: [][]i32) = map (map (+1)) m")
	for _, name := range pipeline.Names() {
		var stdout, stderr bytes.Buffer
		if code := fcc([]string{"dev", "--validate", "--print-after=" + name, good}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("--print-after=%s: exit %d: %s", name, code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "-- after "+name+"\n") {
			t.Errorf("--print-after=%s printed\n%s", name, stdout.String())
		}
		if name == pipeline.Internalise {
			continue
		}
		stdout.Reset()
		if code := fcc([]string{"dev", "--explain=" + name, good}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("--explain=%s: exit %d: %s", name, code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "-- derivation of "+name+"\n") || strings.Count(stdout.String(), "-- derivation of") != 1 {
			t.Errorf("--explain=%s printed\n%s", name, stdout.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := fcc([]string{"dev", "--explain=nope", good}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), `unknown pass "nope"`) {
		t.Errorf("--explain=nope: exit %d, stderr %q", code, stderr.String())
	}
}

// TestRunOpaque checks that fcc run treats tuple and record entry values
// as compiled executables do: printed by name, never read from input.
func TestRunOpaque(t *testing.T) {
	src := filepath.Join(t.TempDir(), "op.fut")
	prog := "entry rec (x: i32) : {a: i32, b: []i32} = {a = x, b = [x, x]}\n" +
		"entry tup (x: i32) : (i32, f32) = (x, 1f32)\n" +
		"entry inp (p: (i32, i32)) : i32 = p.0\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		entry, stdout, stderr string
		code                  int
	}{
		{"rec", "#<opaque {a: i32, b: []i32}>\n", "", 0},
		{"tup", "3i32\n1.0f32\n", "", 0},
		{"inp", "", "cannot read input #0 of type (i32, i32): it is an opaque value", 1},
	} {
		code, stdout, stderr := runFccIn([]byte("3"), "run", "-e", c.entry, src)
		if code != c.code || string(stdout) != c.stdout || !strings.Contains(stderr, c.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q", c.entry, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
}

// TestInternalError checks that a panic in a command is reported as an
// internal compiler error in one line and exit status 3, not a Go trace.
func TestInternalError(t *testing.T) {
	commands["panic-test"] = command{"panics", func([]string, io.Reader, io.Writer, io.Writer) int { panic("broken invariant at f.fut:1:2") }}
	defer delete(commands, "panic-test")
	var out, errb bytes.Buffer
	if code := fcc([]string{"panic-test"}, strings.NewReader(""), &out, &errb); code != 3 {
		t.Errorf("exit status %d, want 3", code)
	}
	if got := errb.String(); !strings.HasPrefix(got, "fcc: internal compiler error: broken invariant at f.fut:1:2\n") || strings.Contains(got, "goroutine") {
		t.Errorf("stderr = %q", got)
	}
}

// TestRunTrace: fcc run prints the values of #[trace] expressions on
// standard error, labelled by their location or the attribute's label,
// and nothing of them on standard output; #[break] changes nothing.
func TestRunTrace(t *testing.T) {
	path := writeProgram(t, "def main (xs: []i32) =\n  let s = #[trace] reduce (+) 0 xs\n  let p = #[trace(pair)] (s, xs)\n  in #[break] map (+ p.0) xs")
	var stdout, stderr bytes.Buffer
	if code := fcc([]string{"run", path}, strings.NewReader("[1, 2, 3]"), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := "[7i32, 8i32, 9i32]\n"; stdout.String() != want {
		t.Errorf("stdout %q, want %q", stdout.String(), want)
	}
	want := path + ":2:11: 6i32\npair: 6i32\npair: [1i32, 2i32, 3i32]\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
