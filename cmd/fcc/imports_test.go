package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMultiFilePrograms runs the commands on a program whose main file
// imports a library in a sub-folder: imports resolve relative to the
// importing file, and errors in the library name its file and line.
func TestMultiFilePrograms(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"prog.fut":        "import \"lib/sums\"\nmodule S = sums i32\ndef main (xs: []i32) = S.total xs",
		"lib/sums.fut":    "import \"util/id\"\nmodule sums (N: numeric) = { def total [n] (xs: [n]N.t) = ident (N.sum xs) }",
		"lib/util/id.fut": "def ident 't (x: t) = x",
		"bad.fut":         "import \"lib/broken\"\ndef main = 1i32",
		"lib/broken.fut":  "def ok = 1i32\ndef broken = ok + true",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, bad := filepath.Join(dir, "prog.fut"), filepath.Join(dir, "bad.fut")
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     string
		stderrPart string
	}{
		{"run", []string{"run", prog}, "[1, 2, 3]", 0, "6i32\n", ""},
		{"check", []string{"check", prog}, "", 0, "", ""},
		{"check error in an import", []string{"check", bad}, "", 1, "", filepath.Join(dir, "lib/broken.fut") + ":2:19: error:"},
		{"caret in the imported file", []string{"check", bad}, "", 1, "", "def broken = ok + true"},
		{"dev", []string{"dev", "--print-after=internalise", prog}, "", 0, "", ""},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		code := fcc(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
		if code != tc.code {
			t.Errorf("%s: exit code %d, want %d (stderr %q)", tc.name, code, tc.code, stderr.String())
		}
		if tc.name != "dev" && stdout.String() != tc.stdout {
			t.Errorf("%s: stdout %q, want %q", tc.name, stdout.String(), tc.stdout)
		}
		if !strings.Contains(stderr.String(), tc.stderrPart) {
			t.Errorf("%s: stderr %q does not contain %q", tc.name, stderr.String(), tc.stderrPart)
		}
	}
}
