package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const literateProgram = `-- # Squares
--
-- Text before the code.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 4i64] }

def main (n: i64) = map (\i -> i * i) (iota n)

entry grid (n: i64) : [n][n]f32 = tabulate_2d n n (\i j -> f32.i64 (i + j) / f32.i64 (2 * n))

entry curve (n: i64) : ([]f32, []f32) = (map f32.i64 (iota n), map (\i -> f32.i64 (i * i)) (iota n))

-- > main 4i64

-- > :img grid 8i64

-- > :plot2d curve 10i64

-- > :covert main 2i64
`

// TestLiterate runs fcc literate on a program with a value, an image and
// a plot: the Markdown has the text, the code without the test block,
// the values, and references to image files that exist and decode.
func TestLiterate(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "sq.fut")
	if err := os.WriteFile(prog, []byte(literateProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runFcc("literate", prog)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	md, err := os.ReadFile(filepath.Join(dir, "sq.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(md)
	for _, want := range []string{
		"# Squares\n\nText before the code.\n",
		"```futhark\ndef main (n: i64) = map (\\i -> i * i) (iota n)\n\nentry grid",
		"```\n> main 4i64\n```\n\n```\n[0i64, 1i64, 4i64, 9i64]\n```",
		"```\n[0i64, 1i64]\n```",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "==") || strings.Contains(text, "> :covert") {
		t.Errorf("test block or covert directive shown:\n%s", text)
	}
	refs := regexp.MustCompile(`!\[\]\(([^)]+)\)`).FindAllStringSubmatch(text, -1)
	if len(refs) != 2 {
		t.Fatalf("%d image references, want 2:\n%s", len(refs), text)
	}
	for _, r := range refs {
		if !strings.HasPrefix(r[1], "sq-img/") {
			t.Errorf("reference %s is not in sq-img/", r[1])
		}
		data, err := os.ReadFile(filepath.Join(dir, r[1]))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", r[1], err)
		} else if img.Bounds().Dx() < 8 {
			t.Errorf("%s: %v", r[1], img.Bounds())
		}
	}
	// A failing directive: its message goes into the Markdown and the exit
	// code is 1; with --stop-on-error nothing is written.
	bad := literateProgram + "\n-- > nosuch 1i64\n"
	os.WriteFile(prog, []byte(bad), 0o644)
	code, _, stderr = runFcc("literate", "--skip-compilation", prog)
	md, _ = os.ReadFile(filepath.Join(dir, "sq.md"))
	if code != 1 || !strings.Contains(string(md), "**FAILED**") || !strings.Contains(string(md), "nosuch") || !strings.Contains(stderr, "some directives failed") {
		t.Errorf("failing directive: exit %d, stderr %s\n%s", code, stderr, md)
	}
	out := filepath.Join(dir, "other.md")
	code, _, stderr = runFcc("literate", "--skip-compilation", "--stop-on-error", "-o", out, prog)
	if _, err := os.Stat(out); code != 1 || err == nil || !strings.Contains(stderr, "sq.fut:21: 1:1: unknown name nosuch") {
		t.Errorf("--stop-on-error: exit %d, stderr %s, output exists: %v", code, stderr, err == nil)
	}
	if _, err := os.Stat(filepath.Join(dir, "other-img")); err == nil {
		t.Error("--stop-on-error left an image folder")
	}
	// -v shows the executable's standard error (here its -L logging), as
	// futhark literate -v does for #[trace] output; without it, nothing.
	os.WriteFile(prog, []byte(literateProgram), 0o644)
	for _, verbose := range []bool{false, true} {
		args := []string{"literate", "--skip-compilation", "--pass-option=-L", prog}
		if verbose {
			args = append(args, "-v")
		}
		code, _, stderr = runFcc(args...)
		if shown := strings.Contains(stderr, "Peak device memory usage"); code != 0 || shown != verbose {
			t.Errorf("-v %v: exit %d, the executable's logging shown: %v\n%s", verbose, code, shown, stderr)
		}
	}
}

func TestLiterateErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.fut")
	os.WriteFile(bad, []byte("def main = 1\n\n-- > :picture main\n"), 0o644)
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"literate"}, 2, "expected 1 program file"},
		{[]string{"literate", "prog.txt"}, 2, "must end in .fut"},
		{[]string{"literate", filepath.Join(dir, "none.fut")}, 1, "no such file"},
		{[]string{"literate", bad}, 1, "bad.fut:3: unknown directive :picture"},
		{[]string{"literate", "--skip-compilation", filepath.Join(dir, "x.fut")}, 1, "no such file"},
		{[]string{"literate", "--backend=c", bad}, 2, `backend "c" is not supported`},
	}
	for _, tc := range tests {
		code, _, stderr := runFcc(tc.args...)
		if code != tc.code || !strings.Contains(strings.ToLower(stderr), strings.ToLower(tc.stderr)) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q)", tc.args, code, tc.code, stderr, tc.stderr)
		}
	}
}
