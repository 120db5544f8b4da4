package frontend

import (
	"strings"
	"testing"
	"testing/fstest"
)

// compileFS compiles main.fut of fsys.
func compileFS(t *testing.T, fsys fstest.MapFS) error {
	t.Helper()
	_, err := CompileProgram(FSLoader(fsys), "", "main.fut")
	return err
}

func TestImports(t *testing.T) {
	fsys := fstest.MapFS{
		"main.fut": {Data: []byte(`import "lib/a"
import "lib/b"
module c = import "lib/sub/c"
open import "lib/d"
def main (x: i32) = a_twice x + b_thrice x + c.k + d_val`)},
		"lib/a.fut":     {Data: []byte("def a_twice (x: i32) = x * 2\n")},
		"lib/b.fut":     {Data: []byte("import \"a\"\ndef b_thrice (x: i32) = a_twice x + x\n")},
		"lib/sub/c.fut": {Data: []byte("import \"../a\"\ndef k = a_twice 50\n")},
		"lib/d.fut":     {Data: []byte("def d_val = 1000i32\n")},
	}
	prog, err := CompileProgram(FSLoader(fsys), "", "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	if got := runProg(t, prog, "main", "1"); got != "1105i32" {
		t.Errorf("got %s, want 1105i32", got)
	}
}

// TestImportOnce checks that a file imported by several files is
// elaborated once: its definitions are not duplicated in the flat
// program.
func TestImportOnce(t *testing.T) {
	fsys := fstest.MapFS{
		"main.fut": {Data: []byte("import \"x\"\nimport \"y\"\nimport \"x\"\ndef main (v: i32) = f v + g v")},
		"x.fut":    {Data: []byte("import \"z\"\ndef f (v: i32) = h v")},
		"y.fut":    {Data: []byte("import \"z\"\ndef g (v: i32) = h v")},
		"z.fut":    {Data: []byte("def h (v: i32) = v + 1")},
	}
	im := newImporter(FSLoader(fsys), "")
	flat, err := eliminate(im, "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, d := range flat.prog.Decls {
		if vd, ok := d.(*ValDecl); ok {
			count[vd.Name]++
		}
	}
	if count["h"] != 1 || len(count) != 4 {
		t.Errorf("flat definitions %v, want h, f, g, main once each", count)
	}
}

func TestImportErrors(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"missing", fstest.MapFS{"main.fut": {Data: []byte("def x = 1\nimport \"lib/nope\"\ndef main = x")}},
			"main.fut:2:1: error: could not find import \"lib/nope\": no file lib/nope.fut"},
		{"cycle", fstest.MapFS{
			"main.fut": {Data: []byte("import \"a\"\ndef main = 1i32")},
			"a.fut":    {Data: []byte("import \"b\"")},
			"b.fut":    {Data: []byte("\n  import \"a\"")}},
			"b.fut:2:3: error: Import cycle: a.fut -> b.fut -> a.fut"},
		{"self", fstest.MapFS{"main.fut": {Data: []byte("import \"main\"\ndef main = 1i32")}},
			"main.fut:1:1: error: Import cycle: main.fut -> main.fut"},
		{"error in import shows its line", fstest.MapFS{
			"main.fut":  {Data: []byte("import \"lib/e\"\ndef main = 1i32")},
			"lib/e.fut": {Data: []byte("def ok = 1\ndef bad = true + 1\n")}},
			"lib/e.fut:2:11: error: "},
		{"syntax error in import", fstest.MapFS{
			"main.fut":  {Data: []byte("import \"lib/e\"\ndef main = 1i32")},
			"lib/e.fut": {Data: []byte("def = 1\n")}},
			"lib/e.fut:1:5: error: "},
		{"escaping the root", fstest.MapFS{"main.fut": {Data: []byte("import \"../outside\"\ndef main = 1i32")}},
			"could not find import \"../outside\": no file ../outside.fut"},
		{"imports are not re-exported", fstest.MapFS{
			"main.fut": {Data: []byte("import \"b\"\ndef main = a_val")},
			"a.fut":    {Data: []byte("def a_val = 1i32")},
			"b.fut":    {Data: []byte("import \"a\"\ndef b_val = a_val")}},
			"main.fut:2:12: error: unknown name \"a_val\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := compileFS(t, tc.fsys)
			if err == nil {
				t.Fatalf("compiled, want error %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant %q", err, tc.want)
			}
		})
	}
}

// TestImportCaret checks that a diagnostic in an imported file shows that
// file's line.
func TestImportCaret(t *testing.T) {
	fsys := fstest.MapFS{
		"main.fut":  {Data: []byte("import \"lib/e\"\ndef main = 1i32")},
		"lib/e.fut": {Data: []byte("def ok = 1\ndef bad = true + 1\n")},
	}
	err := compileFS(t, fsys)
	if err == nil || !strings.Contains(err.Error(), "\n  def bad = true + 1\n") {
		t.Errorf("got %v, want the imported file's line", err)
	}
}

func TestImportKey(t *testing.T) {
	tests := []struct{ from, imp, want string }{
		{"main.fut", "lib/a", "lib/a.fut"},
		{"lib/x/b.fut", "../a", "lib/a.fut"},
		{"lib/x/b.fut", "c", "lib/x/c.fut"},
		{"main.fut", "lib/github.com/o/r/m", "lib/github.com/o/r/m.fut"},
		{"main.fut", "../up", "../up.fut"},
		{"lib/a.fut", "/abs/x", "/abs/x.fut"},
	}
	for _, tc := range tests {
		if got := importKey(tc.from, tc.imp); got != tc.want {
			t.Errorf("importKey(%q, %q) = %q, want %q", tc.from, tc.imp, got, tc.want)
		}
	}
}

// TestImportedEntryPoints checks that only the main file's entry points
// are entry points: an imported file's entry and main are ordinary
// definitions (renamed where the main file uses the name).
func TestImportedEntryPoints(t *testing.T) {
	fsys := fstest.MapFS{
		"main.fut": {Data: []byte("import \"lib\"\nentry go (x: i32) = main x + helper x")},
		"lib.fut":  {Data: []byte("entry helper (x: i32) = x * 2\ndef main (x: i32) = x + 1\nentry go (x: i32) = x")},
	}
	prog, err := CompileProgram(FSLoader(fsys), "", "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range prog.Funs {
		names = append(names, f.Name)
	}
	if strings.Join(names, ",") != "go" {
		t.Errorf("entry points %v, want only go", names)
	}
	if got := runProg(t, prog, "go", "5"); got != "16i32" {
		t.Errorf("go 5 = %s, want 16i32", got)
	}
}

// TestImportedNameClash checks that a name both the main file and an
// import define keeps its name in the main file (messages name it as
// written) and that each use refers to the definition in its scope.
func TestImportedNameClash(t *testing.T) {
	fsys := fstest.MapFS{
		"main.fut": {Data: []byte("import \"lib\"\ndef twice (x: i32) = x * 20\ndef main (x: i32) = twice x + lib_twice x")},
		"lib.fut":  {Data: []byte("def twice (x: i32) = x * 2\ndef lib_twice (x: i32) = twice x")},
	}
	prog, err := CompileProgram(FSLoader(fsys), "", "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	if got := runProg(t, prog, "main", "1"); got != "22i32" {
		t.Errorf("main 1 = %s, want 22i32", got)
	}
	fsys["main.fut"] = &fstest.MapFile{Data: []byte("import \"lib\"\ndef twice (x: i32) : bool = x * 20\ndef main (x: i32) = twice x")}
	err = compileFS(t, fsys)
	if want := "main.fut:2:31: error: Function body does not have expected type: twice is declared to return bool"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
