package frontend

import (
	"testing"
	"testing/fstest"
)

// checkSource runs the stages up to checking on one file.
func checkSource(t *testing.T, src string) (*Checked, error) {
	t.Helper()
	im := newImporter(FSLoader(fstest.MapFS{"main.fut": {Data: []byte(src)}}), "")
	flat, err := eliminate(im, "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	return checkFlat(flat)
}

// userDefs are the names of the value definitions of the checked program.
func userDefs(chk *Checked) []string {
	var out []string
	for _, d := range chk.prog.Decls {
		if vd, ok := d.(*ValDecl); ok {
			out = append(out, vd.Name)
		}
	}
	return out
}

// TestChecked checks that the result of checking carries what the
// internaliser reads: resolved definition types, instantiations, the
// definitions names refer to, and only the declarations to internalise.
func TestChecked(t *testing.T) {
	tests := []struct {
		name, src string
		check     func(t *testing.T, chk *Checked)
	}{
		{"inferred type resolved", "def f x = x + 1i32\ndef main (y: i32) = f y", func(t *testing.T, chk *Checked) {
			if got := typeString(chk.zonk(chk.defs["f"].typ)); got != "i32 -> i32" {
				t.Errorf("type of f is %s, want i32 -> i32", got)
			}
			if chk.defs["f"].prelude || !chk.defs["flip"].prelude {
				t.Errorf("prelude marks wrong: f %v, flip %v", chk.defs["f"].prelude, chk.defs["flip"].prelude)
			}
		}},
		{"instantiation recorded", "def ident 't (x: t) : t = x\ndef main (y: f32) = ident y", func(t *testing.T, chk *Checked) {
			found := false
			for v, m := range chk.inst {
				if v.Name != "ident" {
					continue
				}
				for _, ty := range m {
					if got := typeString(chk.zonk(ty)); got != "f32" {
						t.Errorf("ident instantiated with %s, want f32", got)
					}
					found = true
				}
			}
			if !found {
				t.Error("no instantiation of ident recorded")
			}
		}},
		{"module member reference", "module m = { def g (x: i32) = x * 2 }\ndef main (y: i32) = m.g y", func(t *testing.T, chk *Checked) {
			for v, d := range chk.globalRef {
				if d.Name == "main" {
					t.Errorf("%s refers to main", v.Name)
				}
				if _, ok := chk.defs[d.Name]; !ok {
					t.Errorf("%s refers to %s, which is not a definition", v.Name, d.Name)
				}
			}
			if got := userDefs(chk); len(got) != 2 {
				t.Errorf("definitions %v, want m's g and main", got)
			}
		}},
		{"functor body not internalised", "module F (P: {val k: i32}) = { def h (x: i32) = x + P.k }\ndef main (y: i32) = y", func(t *testing.T, chk *Checked) {
			if got := userDefs(chk); len(got) != 1 || got[0] != "main" {
				t.Errorf("definitions %v, want only main", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chk, err := checkSource(t, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, chk)
		})
	}
}

func TestCheckedError(t *testing.T) {
	chk, err := checkSource(t, "def main (x: i32) = x + true")
	if err == nil || chk != nil {
		t.Fatalf("got %v, %v; want an error and no result", chk, err)
	}
}
