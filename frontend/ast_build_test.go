package frontend

import (
	"fmt"
	"strings"
	"testing"
)

// showUpd renders the expressions an update path desugars to; seen
// collects every node, so that a node used twice (the checker keys its
// tables by node) is caught.
func showUpd(t *testing.T, e Exp, seen map[Exp]bool) string {
	t.Helper()
	if seen[e] {
		t.Errorf("node %T at %v appears twice in the AST", e, e.expPos())
	}
	seen[e] = true
	show := func(e Exp) string { return showUpd(t, e, seen) }
	idx := func(ss []Slice) string {
		var parts []string
		for _, s := range ss {
			if !s.IsSlice {
				parts = append(parts, show(s.Index))
				continue
			}
			p := ""
			for i, x := range []Exp{s.Start, s.End, s.Step} {
				if i > 0 {
					p += ":"
				}
				if x != nil {
					p += show(x)
				}
			}
			parts = append(parts, p)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	switch e := e.(type) {
	case *VarExp:
		if strings.ContainsAny(e.Name, " ()") {
			return "<" + e.Name + ">"
		}
		return e.Name
	case *IntLit:
		return fmt.Sprint(e.Value)
	case *ParenExp:
		return "(" + show(e.X) + ")"
	case *ProjectExp:
		return show(e.X) + "." + e.Field
	case *IndexExp:
		return show(e.X) + idx(e.Indices)
	case *ApplyExp:
		parts := []string{show(e.Fn)}
		for _, a := range e.Args {
			parts = append(parts, show(a))
		}
		return "(" + strings.Join(parts, " ") + ")"
	case *UpdateExp:
		return "(" + show(e.X) + " with " + idx(e.Indices) + " = " + show(e.Value) + ")"
	case *RecordUpdateExp:
		return "(" + show(e.X) + " with " + strings.Join(e.Fields, ".") + " = " + show(e.Value) + ")"
	case *LetWithExp:
		return "let " + e.Name + idx(e.Indices) + " = " + show(e.Value) + " in " + show(e.Body)
	case *LetExp:
		return "let " + show(&VarExp{Name: e.Pat.(*PId).Name}) + " = " + show(e.Value) + " in " + show(e.Body)
	}
	return fmt.Sprintf("<%T>", e)
}

func TestUpdatePathDesugaring(t *testing.T) {
	tests := []struct{ src, want string }{
		// The forms that need no desugaring stay as written.
		{`a with [i] = v`, `(a with [i] = v)`},
		{`r with x.y = v`, `(r with x.y = v)`},
		{`let a[i] = v in a`, `let a[i] = v in a`},
		// A field run, then an index.
		{`r with x[i] = v`, `(r with x = (r.x with [i] = v))`},
		{`r with x.y[i] = v`, `(r with x.y = (r.x.y with [i] = v))`},
		{`let r.x[i] = v in r`, `let r = (r with x = (r.x with [i] = v)) in r`},
		{`let r.x = v in r`, `let r = (r with x = v) in r`},
		{`t with 0[0] = v`, `(t with 0 = (t.0 with [0] = v))`},
		// An index, then a field.
		{`a with [i].f = v`, `(a with [i] = (a[i] with f = v))`},
		{`let a[i].f.g = v in a`, `let a = (a with [i] = (a[i] with f.g = v)) in a`},
		// Indices in a row are one index, unless the first has a slice.
		{`r with m[i][j] = v`, `(r with m = (r.m with [i, j] = v))`},
		{`let a[i][j] = v in a`, `let a[i, j] = v in a`},
		{`r with m[i:j][k] = v`, `(r with m = (r.m with [i:j:] = ((copy r.m[i:j:]) with [k] = v)))`},
		// An update below an index updates a copy (the outer one consumes).
		{`a with [i].xs[j] = v`, `(a with [i] = (a[i] with xs = ((copy a[i].xs) with [j] = v)))`},
		// A base that is not a variable is bound once, to its text (which
		// no program can write as a name); a parenthesised variable is a
		// variable.
		{`f r with x[i] = v`, `let <f r> = (f r) in (<f r> with x = (<f r>.x with [i] = v))`},
		{`(f r) with x = v`, `(((f r)) with x = v)`},
		{`(r) with x[i] = v`, `(r with x = (r.x with [i] = v))`},
	}
	for _, tc := range tests {
		prog, err := ParseProgram("t.fut", "def main = "+tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		got := showUpd(t, prog.Decls[0].(*ValDecl).Body, map[Exp]bool{})
		if got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// TestUpdatePathDiagnostics checks that errors in a desugared path point at
// the source: the step that is wrong, or the update as a whole where it
// consumes.
func TestUpdatePathDiagnostics(t *testing.T) {
	tests := []struct{ src, want string }{
		{"def main (xs: *[]i32) =\n  let r = {x = xs}\n  let r.y[0] = 1\n  in r",
			"t.fut:3:9: error: record of type"},
		{"def main (xs: *[]i32) =\n  let r = {x = xs, n = 1i32}\n  in (r with n[0] = 1).n",
			"t.fut:3:7: error: cannot index a value of type i32"},
		{"def main (xs: *[]i32) =\n  let r = {x = xs}\n  let r.x[0] = true\n  in r",
			"t.fut:3:16: error: value written by the in-place update: expected type i32, but found bool"},
		{"def main (xs: []i32) =\n  let r = {x = xs}\n  let r.x[0] = 1\n  in r.x",
			"t.fut:3:3: error: Consuming \"xs\", which is not consumable"},
		{"def main (xs: *[]i32) =\n  let r = {x = xs}\n  let s = r with x[0] = 1\n  in (r.x, s.x)",
			"t.fut:4:7: error: Using variable \"r\", but this was consumed at 3:11"},
	}
	for _, tc := range tests {
		expectCompileError(t, tc.src, tc.want)
	}
}
