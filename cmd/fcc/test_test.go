package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// canBuild reports whether executables can be built and run here: a Go
// toolchain and a registered OpenCL implementation.
func canBuild(t *testing.T) bool {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Log("no Go toolchain")
		return false
	}
	if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil && os.Getenv("FCC_FORCE_OPENCL") == "" {
		t.Log("no OpenCL ICD registered")
		return false
	}
	return true
}

func runFcc(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = fcc(args, strings.NewReader(""), &o, &e)
	return code, o.String(), e.String()
}

// TestTestCommand runs fcc test on programs whose cases pass and fail in
// known ways, interpreted and compiled.
func TestTestCommand(t *testing.T) {
	modes := []struct {
		name    string
		args    []string
		summary string
	}{
		// good.fut: 6 cases, "wrong" fails; err.fut: 3 cases, one expects
		// an error that does not come; bad.fut: an expected type error.
		// Interpreted, good.fut's compiled-only case is skipped.
		{"interpreted", []string{"-i"}, "7 passed, 2 failed, 1 skipped"},
		{"compiled", nil, "8 passed, 2 failed"},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			if m.name == "compiled" && !canBuild(t) {
				t.Skip("cannot build executables here")
			}
			args := append([]string{"test", "-j", "4"}, m.args...)
			args = append(args, "testdata/good.fut", "testdata/err.fut", "testdata/bad.fut")
			code, stdout, stderr := runFcc(args...)
			if code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			if !strings.Contains(stdout, m.summary) {
				t.Errorf("stdout lacks %q:\n%s", m.summary, stdout)
			}
			mode := m.name
			for _, want := range []string{
				"FAIL testdata/good.fut:4: entry main, data set wrong (" + mode + ")\n" +
					"  value 0: expected 3.0f32, got 2.0f32\n  expected: 3.0f32\n  actual:   2.0f32\n",
				`FAIL testdata/err.fut:4: entry get, data set #1 ("[1i32, 2i32, 3i32] 1i64") (` + mode + ")\n" +
					`  succeeded, but an error matching "no such message" was expected; result: [2i32, 4i32, 6i32] 2i32`,
			} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks\n%s\nstderr:\n%s", want, stderr)
				}
			}
			// Not a terminal: one plain line per program, no progress bar.
			if strings.Contains(stdout, "\r") {
				t.Errorf("progress bar drawn on a non-terminal")
			}
			for _, want := range []string{"FAIL testdata/good.fut (1 of 6 cases failed)", "ok   testdata/bad.fut (1 cases)"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}

func TestTestCommandErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // regexp
		stderr string // regexp
	}{
		{"no paths", []string{"test"}, 2, "", "no programs or folders given"},
		{"missing path", []string{"test", "testdata/nope.fut"}, 2, "", "nope.fut: no such file"},
		{"bad backend", []string{"test", "--backend=cuda", "testdata/good.fut"}, 2, "", `backend "cuda" is not supported`},
		{"bad flag", []string{"test", "--frobnicate", "testdata"}, 2, "", "unknown flag"},
		{"malformed block", []string{"test", "-i", "testdata/malformed.fut"}, 1, `0 passed, 1 failed`,
			`testdata/malformed.fut:2: test block: malformed input values`},
		{"passing subset", []string{"test", "-i", "-e", "get", "testdata/err.fut", "testdata/bad.fut"}, 1, "3 passed, 1 failed", ""},
		{"type check only", []string{"test", "-t", "testdata/good.fut"}, 0, "1 passed, 0 failed", "^$"},
		{"frontend only", []string{"test", "-I", "testdata/good.fut", "testdata/malformed.fut"}, 1, "1 passed, 1 failed", "malformed input values"},
		{"excluded tag", []string{"test", "-i", "--exclude", "nobench", "testdata/good.fut"}, 1, "3 passed, 1 failed, 2 skipped", ""},
		{"help", []string{"test", "--help"}, 0, "Usage: fcc test", "^$"},
		// --ignore-files leaves out the programs it matches, before anything runs.
		{"ignored files", []string{"test", "-t", "--ignore-files", "(bad|malformed)", "testdata/good.fut", "testdata/bad.fut", "testdata/malformed.fut"}, 0, `(?m)^1 passed, 0 failed`, "^$"},
		{"ignore regexp", []string{"test", "--ignore-files=(", "testdata/good.fut"}, 2, "", `--ignore-files "\("`},
		{"timeout seconds", []string{"test", "-t", "--timeout=30", "testdata/good.fut"}, 0, "1 passed, 0 failed", "^$"},
		{"bad timeout", []string{"test", "--timeout=soon", "testdata/good.fut"}, 2, "", "neither a number of seconds nor a duration"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runFcc(tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if !regexp.MustCompile(tc.stdout).MatchString(stdout) {
				t.Errorf("stdout %q does not match %q", stdout, tc.stdout)
			}
			if !regexp.MustCompile(tc.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tc.stderr)
			}
		})
	}
}

// TestTestCacheExtensionRunner checks that --cache-extension gives the
// compiled program prog.fut the cache file prog.fut.EXTENSION, and that
// --runner runs it through the runner, as futhark test does.
func TestTestCacheExtensionRunner(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "twice.fut")
	src := "-- ==\n-- input { [1, 2] } output { [2, 4] }\ndef main (xs: []i32) = map (*2) xs\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runFcc("test", "--cache-extension=clcache", prog)
	if code != 0 || !strings.Contains(stdout, "1 passed, 0 failed") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if _, err := os.Stat(prog + ".clcache"); err != nil {
		t.Errorf("no cache file: %v", err)
	}
	// --runner: the program runs through the runner, its path first.
	log := filepath.Join(dir, "runner.log")
	runner := filepath.Join(dir, "runner.sh")
	os.WriteFile(runner, []byte("#!/bin/sh\necho \"$@\" >> '"+log+"'\nexec \"$@\"\n"), 0o755)
	code, stdout, stderr = runFcc("test", "--runner", runner, prog)
	if code != 0 || !strings.Contains(stdout, "1 passed, 0 failed") {
		t.Fatalf("--runner: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	calls, err := os.ReadFile(log)
	if err != nil || !regexp.MustCompile(`^/\S*twice \S*--server`).Match(calls) {
		t.Errorf("--runner: the runner was called with %q (%v), want the executable then --server", calls, err)
	}
}

func TestTestFolder(t *testing.T) {
	// A folder is searched for .fut files; a program without a test block
	// has no cases.
	dir := t.TempDir()
	src := "-- ==\n-- input { 2 } output { 4 }\ndef main (x: i32) = x * 2\n"
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"a.fut": src, "sub/b.fut": src, "c.fut": "def main (x: i32) = x\n", "notes.txt": "-- ==\n-- input { x }"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runFcc("test", "-i", dir)
	if code != 0 || !strings.Contains(stdout, "2 passed, 0 failed") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

func TestIRMetrics(t *testing.T) {
	prog, err := compileGuarded(writeProgram(t, "def main (m: [][]i32) = map (\\r -> reduce (+) 0 (map (+1) r)) m"), nil)
	if err != nil {
		t.Fatal(err)
	}
	counts := irMetrics(prog)
	if counts["SegRed"] == 0 && counts["SegMap"] == 0 {
		t.Errorf("no Seg-ops counted after flatten: %v", counts)
	}
	for name, n := range counts {
		if n <= 0 {
			t.Errorf("%s counted %d", name, n)
		}
	}
	if !knownMetric("SegMap/Screma") || knownMetric("SegMap/Stream") {
		t.Errorf("knownMetric is wrong")
	}
}

func TestStructureTests(t *testing.T) {
	path := writeProgram(t, `-- ==
-- input { [1] } output { [2] }
-- structure { Screma 1 }
-- structure gpu { SegMap 7 }
-- structure mc { SegMap 1 }
-- structure { Stream 3 }
def main (xs: []i32) = map (+1) xs
`)
	code, stdout, stderr := runFcc("test", "-s", "-v", path)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{"2 passed, 1 failed, 1 skipped", "Stream has no counterpart in fcc's IR"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "SegMap: expected 7, got") {
		t.Errorf("stderr: %s", stderr)
	}
}

func TestTestCompilesProgramsWithoutRunnableCases(t *testing.T) {
	// Every case is compiled-only, so the interpreter runs none; the
	// program is still type-checked, and its error fails the run.
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.fut")
	src := "-- ==\n-- compiled input { 2 } output { 4 }\ndef main (x: i32) = x * true\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runFcc("test", "-i", path)
	if code == 0 || !strings.Contains(stdout, "0 passed, 1 failed, 1 skipped") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// TestTestOpaqueResults checks that fcc test, as futhark test, fails a
// case that compares an opaque result (a value of an abstract type) with
// expected values, in both modes, and runs the others: no expected
// output, an expected error, an opaque value passed on by a script input.
func TestTestOpaqueResults(t *testing.T) {
	modes := []struct {
		name    string
		args    []string
		summary string
	}{
		// The script input case is skipped interpreted.
		{"interpreted", []string{"-i"}, "2 passed, 2 failed, 1 skipped"},
		{"compiled", nil, "3 passed, 2 failed"},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			if m.name == "compiled" && !canBuild(t) {
				t.Skip("cannot build executables here")
			}
			args := append(append([]string{"test"}, m.args...), "testdata/opaque_result.fut")
			code, stdout, stderr := runFcc(args...)
			if code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			if !strings.Contains(stdout, m.summary) {
				t.Errorf("stdout lacks %q:\n%s", m.summary, stdout)
			}
			for _, want := range []string{
				`FAIL testdata/opaque_result.fut:22: entry mk, data set #0 ("3i32") (` + m.name + ")\n" +
					"  result #1 of entry point mk is an opaque value of type c.t, which cannot be compared with the expected output",
				`FAIL testdata/opaque_result.fut:29: entry pair, data set #0 ("4i32") (` + m.name + ")\n" +
					"  result #2 of entry point pair is an opaque value of type c.t",
			} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks\n%s\nstderr:\n%s", want, stderr)
				}
			}
		})
	}
}
