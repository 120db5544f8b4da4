package soac

import (
	"strings"
	"testing"
)

// eagerProg is a segmap over xs whose loop ORs (or ANDs) a read of
// xs[is[j]] into its state through the if that a short-circuit becomes;
// other is that if's other branch, lowering the segmap's lowering lines.
func eagerProg(then, els, lowering string) string {
	return `entry "main"
fun main (xs_2: [n_1]i32, is_3: [n_1]i64): {[n_1]bool} = {
  let {ys_4: [n_1]bool} = segmap_thread (gtid_1 < n_1) : {bool}
    lowering {
      version "" "map-global(f)" ("one-per-item", "items-alone")
      points "one-per-item" per_item 1 why "x"
` + lowering + `    }
  body {
    let {loop_5: bool} = loop {found_6: bool = false} for j_7: i64 < n_1
    do {
      let {sc_8: bool} = if found_6 : {bool}
      then {
` + then + `      }
      else {
` + els + `      }
      in {sc_8}
    }
    in {loop_5}
  }
  in {ys_4}
}
`
}

const (
	eagerTrue = "        in {true}\n"
	eagerRead = "        let {i_9: i64} = is_3[j_7]\n        let {x_10: i32} = xs_2[i_9]\n        let {c_11: bool} = lt i32 0i32 x_10\n        in {c_11}\n"
	eagerLoop = "        let {l_9: bool} = loop {a_10: bool = found_6} for k_11: i64 < n_1\n        do {\n          in {a_10}\n        }\n        in {l_9}\n"
)

// TestShortCircuit checks which ifs are the form of `c || x` and
// `c && x`, and which of their branches are speculable.
func TestShortCircuit(t *testing.T) {
	for _, tc := range []struct {
		name, then, els string
		short, or, spec bool
	}{
		{"or", eagerTrue, eagerRead, true, true, true},
		{"and", eagerRead, "        in {false}\n", true, false, true},
		{"or with false", "        in {false}\n", eagerRead, false, false, false},
		{"then with true in the else", eagerRead, eagerTrue, false, false, false},
		{"a loop", eagerTrue, eagerLoop, true, true, false},
		{"neither constant", eagerRead, eagerRead, false, false, false},
	} {
		p, err := ParseProgram(eagerProg(tc.then, tc.els, ""))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var e *IfExp
		VisitExps(p.Funs[0].Body, func(x Exp) {
			if ie, ok := x.(*IfExp); ok {
				e = ie
			}
		})
		x, or := ShortCircuit(e)
		if (x != nil) != tc.short || x != nil && or != tc.or {
			t.Errorf("%s: ShortCircuit = %v, %v; want short %v, or %v", tc.name, x != nil, or, tc.short, tc.or)
		}
		if x != nil && Speculable(x) != tc.spec {
			t.Errorf("%s: Speculable = %v, want %v", tc.name, !tc.spec, tc.spec)
		}
	}
}

// TestEagerLowering checks that eager ifs print and parse back, and that
// the Lowered invariant takes only short-circuit ifs of the Seg-op's body
// whose other branch is speculable.
func TestEagerLowering(t *testing.T) {
	for _, tc := range []struct {
		name, then, els, lowering string
		ok                        bool
	}{
		{"an eager or", eagerTrue, eagerRead, "      eager sc_8\n", true},
		{"an eager and", eagerRead, "        in {false}\n", "      eager sc_8\n", true},
		{"none", eagerTrue, eagerRead, "", true},
		{"not bound in the body", eagerTrue, eagerRead, "      eager sc_99\n", false},
		{"not a short-circuit", "        in {false}\n", eagerRead, "      eager sc_8\n", false},
		{"a branch with a loop", eagerTrue, eagerLoop, "      eager sc_8\n", false},
		{"the loop", eagerTrue, eagerRead, "      eager loop_5\n", false},
	} {
		text := eagerProg(tc.then, tc.els, tc.lowering)
		p, err := ParseProgram(text)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := Print(p); got != text {
			t.Errorf("%s: round trip differs:\n%s\nwant:\n%s", tc.name, got, text)
		}
		err = ValidateWith(p, Lowered)
		if (err == nil) != tc.ok {
			t.Errorf("%s: ValidateWith = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "eager") {
			t.Errorf("%s: refused for another reason: %v", tc.name, err)
		}
	}
}
