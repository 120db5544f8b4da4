package script

import (
	"fmt"
	"strings"
	"testing"
)

// show prints an expression fully parenthesised, for comparing parses.
func show(e Exp) string {
	switch e := e.(type) {
	case *Literal:
		return e.Text
	case *StringLit:
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`)
		return `"` + r.Replace(e.Value) + `"`
	case *Var:
		return e.Name
	case *Call:
		s := e.Name
		if e.Builtin {
			s = "$" + s
		}
		for _, a := range e.Args {
			s += " " + show(a)
		}
		return "(" + s + ")"
	case *Tuple:
		parts := make([]string, len(e.Elems))
		for i, x := range e.Elems {
			parts[i] = show(x)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case *Record:
		parts := make([]string, len(e.Names))
		for i, n := range e.Names {
			parts[i] = n + " = " + show(e.Fields[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *Array:
		parts := make([]string, len(e.Elems))
		for i, x := range e.Elems {
			parts[i] = show(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Empty:
		s := "empty("
		for _, d := range e.Shape {
			s += fmt.Sprintf("[%d]", d)
		}
		return s + e.Elem.String() + ")"
	case *Let:
		pat := e.Names[0]
		if e.Tuple {
			pat = "(" + strings.Join(e.Names, ", ") + ")"
		}
		return "(let " + pat + " = " + show(e.Bound) + " in " + show(e.Body) + ")"
	}
	return "?"
}

func TestParse(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"main 1 2i64", "(main 1 2i64)"},
		{"f", "f"},
		{"f x (g y) [1, 2]", "(f x (g y) [1, 2])"},
		{"f [1,2,3] -3.5f32", "(f [1,2,3] -3.5f32)"},
		{"f [[1, 2], [3, 4]]", "(f [[1, 2], [3, 4]])"},
		{"[g 1, g 2]", "[(g 1), (g 2)]"},
		{"(1, true, f x)", "(1, true, (f x))"},
		{"((1))", "1"},
		{"()", "{}"},
		{"{}", "{}"},
		{"{a = 1, b = f x}", "{a = 1, b = (f x)}"},
		{"empty([0]i32)", "empty([0]i32)"},
		{"f empty([2][0]f64)", "(f empty([2][0]f64))"},
		{`$loaddata "data/x.in"`, `($loaddata "data/x.in")`},
		{`$restore "[]f32" "f"`, `($restore "[]f32" "f")`},
		{`$store "out" (f 1)`, `($store "out" (f 1))`},
		{`let x = f 1 in g x x`, "(let x = (f 1) in (g x x))"},
		{`let (a, b) = $loaddata "x" in f a b`, `(let (a, b) = ($loaddata "x") in (f a b))`},
		{"let x = 1 in let y = 2 in f x y", "(let x = 1 in (let y = 2 in (f x y)))"},
		{"f 0x10u8 1e-3 2.5e+2f64 1_000i64", "(f 0x10u8 1e-3 2.5e+2f64 1_000i64)"},
		{"f f32.inf (f64.nan)", "(f f32.inf f64.nan)"},
		{"-- a comment\nf\n  1 -- another\n", "(f 1)"},
		{`f "a \"quoted\" \\ string"`, `(f "a \"quoted\" \\ string")`},
		{"f x' y_2", "(f x' y_2)"},
	} {
		e, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		if got := show(e); got != tc.want {
			t.Errorf("Parse(%q) = %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", "1:1: expected an expression, found end of input"},
		{"f (1, 2", "1:8: expected , or ) in the parenthesised expression, found end of input"},
		{"f [1, 2", "1:8: expected , or ] in the array, found end of input"},
		{"f []", "1:3: an empty array must be written empty([0]t)"},
		{"f {a = 1, a = 2}", "1:11: field a is given twice"},
		{"f {a 1}", "1:6: expected = after field a, found \"1\""},
		{"f {1 = 2}", "1:4: expected a field name in the record, found \"1\""},
		{"empty([3]i32)", "1:1: empty's type must have a dimension of size 0"},
		{"empty(i32)", "1:7: empty's type must be an array type"},
		{"empty([0]x32)", "1:10: expected a primitive type"},
		{"empty([n]i32)", "1:8: expected a size"},
		{"let = 1 in x", "1:5: expected a name in the let pattern, found \"=\""},
		{"let x 1 in x", "1:7: expected = after the let pattern, found \"1\""},
		{"let x = 1 x", "1:11: expected in after let's bound expression, found \"x\""},
		{"let (a b) = x in a", "1:8: expected , or ) in the let pattern, found \"b\""},
		{"f 1 )", "1:5: unexpected \")\" after the expression"},
		{"f 1.2.3", "1:3: malformed literal 1.2.3"},
		{"f 12q", "1:3: malformed literal 12q"},
		{`f "abc`, "1:3: string not closed"},
		{"f \"ab\nc\"", "1:3: string not closed on its line"},
		{`f "\q"`, `1:3: unknown escape \q in a string`},
		{"f $", "1:3: expected a builtin's name after $"},
		{"f #", "1:3: unexpected character '#'"},
		{"f M.x", "1:3: qualified names such as M.x cannot be used"},
		{"in", "1:1: expected an expression, found \"in\""},
		{"f\n  (1,\n   2", "3:5: expected , or ) in the parenthesised expression, found end of input"},
	} {
		_, err := Parse(tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want %q", tc.src, err, tc.want)
		}
	}
}

// FuzzParse checks that any text parses or fails with a positioned
// error, never panics, and that what parses prints to text that parses
// to the same expression.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"main 1 2i64", "let (a, b) = $loaddata \"x\" in f a b", "{a = [1, 2], b = empty([0]f32)}", "f (g 1, -2.5e3f64) {x = true}", "-- c\nf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q): error %T without a position: %v", src, err, err)
			}
			return
		}
		s := show(e)
		e2, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) printed as %q, which does not parse: %v", src, s, err)
		}
		if s2 := show(e2); s2 != s {
			t.Fatalf("Parse(%q) printed as %q, which parses as %q", src, s, s2)
		}
	})
}
