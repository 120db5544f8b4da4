package backend

import (
	"go/token"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// validCIdent reports whether s is an identifier of both Go and OpenCL C
// (ASCII letters, digits and underscores, not starting with a digit).
func validCIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return token.IsIdentifier(s)
}

func TestFunNameInjective(t *testing.T) {
	names := []string{"f", "f'", "f_27_", "f_", "f__", "f_5f_", "_", "__", "ü", "_c3__bc_", "a b", "a_20_b"}
	seen := map[string]string{}
	for _, n := range names {
		g := funName(n)
		if !validCIdent(g) {
			t.Errorf("funName(%q) = %q, not an identifier", n, g)
		}
		if m, ok := seen[g]; ok {
			t.Errorf("funName(%q) = funName(%q) = %q", n, m, g)
		}
		seen[g] = n
	}
}

// FuzzNames checks that distinct names get distinct identifiers, valid in
// Go and OpenCL C and clear of what the generated code declares itself
// (its names do not start with v_ or fun_).
func FuzzNames(f *testing.F) {
	f.Add("f'", "f_27_")
	f.Add("x_1", "x")
	f.Add("a\xff", "a\xfe")
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b {
			return
		}
		if fa, fb := funName(a), funName(b); fa == fb || !validCIdent(fa) || !validCIdent(fb) {
			t.Errorf("funName(%q) = %q, funName(%q) = %q", a, fa, b, fb)
		}
		m := newMangler()
		fresh := m.fresh("assert")
		ia, ib := m.id(soac.VName(a)), m.id(soac.VName(b))
		if ia == ib || ia == fresh || ib == fresh || !validCIdent(ia) || !validCIdent(ib) {
			t.Errorf("mangler: %q -> %q, %q -> %q, fresh %q", a, ia, b, ib, fresh)
		}
		if m.id(soac.VName(a)) != ia {
			t.Errorf("mangler: %q mangled twice differently", a)
		}
	})
}
