package backend_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	pathpkg "path"
	"strconv"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// hostileProgram has an entry point and a parameter named by the caller,
// and fails at run time on the host (index out of bounds) and in a kernel
// (division by zero), so that its positions reach both kinds of message.
func hostileProgram(entry, param string) string {
	return "entry " + entry + " (" + param + ": []i32) (i: i64) : []i32 =\n" +
		"  let d = " + param + "[i]\n" +
		"  in map (\\x -> x / d) " + param + "\n"
}

// generatedStrings parses generated Go source and returns the values of
// its string literals.
func generatedStrings(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated host code does not parse: %v\n%s", err, src)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("literal %s: %v", lit.Value, err)
			}
			out = append(out, s)
		}
		return true
	})
	return out
}

// checkGenerated compiles a program from the file path and checks that
// its host code parses and carries path, as text, in its messages. It
// returns the OpenCL source, and false when the program is not valid.
func checkGenerated(t *testing.T, path, entry, param string) (string, bool) {
	t.Helper()
	prog, err := pipeline.Compile(path, hostileProgram(entry, param), nil)
	if err != nil {
		if strings.Contains(err.Error(), "internal") {
			t.Fatalf("%q, entry %q, parameter %q: %v", path, entry, param, err)
		}
		return "", false
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	lits := generatedStrings(t, src.Host)
	// Messages name the file by its cleaned path ("a//b.fut" is "a/b.fut").
	path = pathpkg.Clean(path)
	var hostPos, kernelPos, entryName bool
	for _, s := range lits {
		hostPos = hostPos || s == path+":2:11"
		// Kernel messages are formats: the position's % doubled.
		kernelPos = kernelPos || strings.HasPrefix(s, strings.ReplaceAll(path, "%", "%%")+":3:")
		entryName = entryName || s == entry
	}
	if !hostPos || !kernelPos || !entryName {
		t.Errorf("%q, entry %q: the generated code lacks the position of the index (%v), of the division (%v) or the entry point's name (%v)", path, entry, hostPos, kernelPos, entryName)
	}
	return src.OpenCL, true
}

// TestHostileNames compiles programs whose file names and identifiers
// would break out of string literals and comments if pasted unquoted.
func TestHostileNames(t *testing.T) {
	for _, path := range []string{
		"plain.fut",
		`x"; panic("pwned"); _ = ".fut`,
		"back\\slash.fut",
		"new\nline.fut",
		"cr\r.fut",
		"per%dcent%s.fut",
		"unbalanced\".fut",
		"dir with spaces/*/ #define x.fut",
		"ünïcødé\u2028.fut",
		"`raw`.fut",
		"\x00nul.fut",
	} {
		for _, id := range [][2]string{{"main", "xs"}, {"f'", "len"}, {"f_27_", "nil"}, {"close", "int64"}, {"Array", "float32"}} {
			// Kernels hold no program text, only mangled identifiers
			// (names.go), so that nothing needs escaping in OpenCL C.
			cl, ok := checkGenerated(t, path, id[0], id[1])
			if !ok {
				t.Fatalf("%q, entry %q, parameter %q: not a valid program", path, id[0], id[1])
			}
			if strings.Contains(cl, path) || strings.Contains(cl, "pwned") {
				t.Errorf("%q: the OpenCL source holds the file's name", path)
			}
		}
	}
}

// FuzzHostileNames checks, for any file name and identifiers, that the
// generated host code parses and keeps the name in its messages.
func FuzzHostileNames(f *testing.F) {
	f.Add(`a"b.fut`, "main", "xs")
	f.Add("a\nb%d\\.fut", "f'", "len")
	f.Add("*/#.fut", "f_27_", "Array")
	f.Add("a////\"b.fut", "main", "xs")
	f.Add("a/", "main", "xs")
	f.Fuzz(func(t *testing.T, path, entry, param string) {
		if !validIdent(entry) || !validIdent(param) || entry == param || param == "i" || param == "d" || param == "x" {
			t.Skip()
		}
		if _, ok := checkGenerated(t, path, entry, param); !ok {
			t.Skip()
		}
	})
}

// validIdent reports whether s is spelt as a Futhark name (it may still
// be a keyword, which the frontend rejects).
func validIdent(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '_' || r == '\'')) {
			return false
		}
	}
	return true
}
