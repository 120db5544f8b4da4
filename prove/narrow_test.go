package prove

import (
	"fmt"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestNarrow checks which i64 scalars of kernels the analysis finds to
// fit 32 bits: those whose every value it bounds within [-2^31, 2^31),
// and none that could leave it.
func TestNarrow(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, xs: [n]i64): {[64i64]i64, [n]i64} = {
  let {big: i64} = mul i64 n 3i64
  let {a: [64i64]i64} = segmap_thread (g < 64i64) : {i64}
  body {
    let {x1: i64} = add i64 g 1i64
    let {x2: i64} = mul i64 g 40000i64
    let {x3: i64} = mul i64 g 100000000i64
    let {x4: i64} = sub i64 x1 70i64
    let {x5: i64} = add i64 g n
    let {x6: i64} = add i64 x2 2147480000i64
    let {x7: i64} = add i64 x4 2147483647i64
    let {x8: i64} = g
    let {c0: bool} = le i64 0i64 n
    let {c2: bool} = lt i64 n 100i64
    let {c1: bool} = logand bool c0 c2
    let {y: i64} = if c1 : {i64}
    then {
      let {y1: i64} = add i64 n 5i64
      in {y1}
    }
    else {
      let {y2: i64} = add i64 n 6i64
      in {y2}
    }
    let {z: i64} = if c1 : {i64}
    then {
      in {x4}
    }
    else {
      in {-3i64}
    }
    let {s: i64} = loop {acc: i64 = 0i64} for d: i64 < 63i64
    do {
      let {d2: i64} = add i64 d 2i64
      let {acc2: i64} = add i64 acc d2
      in {acc2}
    }
    let {r: i64} = add i64 x1 x3
    let {w: i64} = add i64 r y
    let {v: i64} = add i64 w z
    let {u: i64} = add i64 v x8
    let {q: i64} = add i64 u s
    let {o: i64} = add i64 q x6
    let {o2: i64} = add i64 o x7
    let {o3: i64} = add i64 o2 x5
    in {o3}
  }
  let {b: [n]i64} = segmap_thread (h < n) : {i64}
  body {
    let {h1: i64} = add i64 h 1i64
    let {e: i64} = xs[h] inbounds (0)
    let {h2: i64} = add i64 h1 e
    in {h2}
  }
  in {a, b}
}
`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	before := soac.Print(p)
	got := Narrow(p, nil)
	if soac.Print(p) != before {
		t.Errorf("Narrow changed the program")
	}
	for _, tc := range []struct {
		name soac.VName
		want bool
	}{
		{"g", true},    // index below 64
		{"x1", true},   // g + 1 in [1, 64]
		{"x2", true},   // g * 40000 below 2.6e6
		{"x3", false},  // g * 1e8 up to 6.3e9
		{"x4", true},   // x1 - 70 in [-69, -6]: negative values fit
		{"x5", false},  // g + n: n unbounded
		{"x6", false},  // x2 + 2147480000 passes 2^31 - 1
		{"x7", true},   // x4 + 2^31 - 1 stays below it
		{"x8", true},   // a copy of g
		{"y1", true},   // n + 5 where 0 <= n < 100
		{"y2", false},  // n + 6 where n < 0 or n >= 100
		{"y", false},   // one branch's result does not fit
		{"z", true},    // both branches' results fit
		{"d", true},    // a for-loop index below 63
		{"d2", true},   // d + 2
		{"acc", false}, // a loop parameter: no bound known
		{"acc2", false},
		{"s", false},
		{"c1", false},  // not an i64
		{"big", false}, // host code: not in a kernel
		{"h", false},   // index below n
		{"h1", false},
		{"h2", false},
		{"e", false}, // an element read: no bound
	} {
		if got[tc.name] != tc.want {
			t.Errorf("%s: narrow %t, want %t", tc.name, got[tc.name], tc.want)
		}
	}

	// Only the kernels asked for are looked at.
	only := Narrow(p, func(s *soac.Stm) bool { return s.Pat[0].Name == "b" })
	if only["g"] || only["x1"] {
		t.Errorf("Narrow with a kernel filter looked at kernel a: %v", only)
	}
}

// TestDecide checks the i64 comparisons in kernels that the prove pass
// replaces by their value, and those it must leave.
func TestDecide(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, xs: [n]i64): {[64i64]bool, [n]bool} = {
  let {h0: bool} = lt i64 n 0i64
  let {hn: i64} = add i64 n 1i64
  let {a: [64i64]bool} = segmap_thread (g < 64i64) : {bool}
  body {
    let {c1: bool} = lt i64 g 64i64
    let {c2: bool} = lt i64 g 63i64
    let {c3: bool} = le i64 64i64 g
    let {x1: i64} = add i64 g 1i64
    let {c4: bool} = eq i64 x1 0i64
    let {c5: bool} = eq i64 x1 1i64
    let {c6: bool} = le i64 g x1
    let {c7: bool} = lt i64 x1 g
    let {c8: bool} = eq i64 g g
    let {c9: bool} = lt i64 g n
    let {e: i64} = xs[0i64]
    let {ce: bool} = le i64 1i64 e
    let {r: bool} = if ce : {bool}
    then {
      let {c10: bool} = eq i64 e 0i64
      in {c10}
    }
    else {
      let {c11: bool} = eq i64 e 0i64
      in {c11}
    }
    in {r}
  }
  let {b: [n]bool} = segmap_thread (h < n) : {bool}
  body {
    let {c12: bool} = lt i64 h n
    let {c13: bool} = lt i64 h hn
    let {c14: bool} = le i64 n h
    in {c14}
  }
  in {a, b}
}
`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Prove(p)
	if err != nil {
		t.Fatal(err)
	}
	got := map[soac.VName]string{}
	for _, f := range q.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			switch e := s.Exp.(type) {
			case *soac.SubExpExp:
				if c, ok := e.X.(soac.Const); ok {
					got[s.Pat[0].Name] = fmt.Sprint(c.Value.Bool())
				}
			case *soac.CmpOpExp:
				got[s.Pat[0].Name] = "kept"
			}
		})
	}
	for _, tc := range []struct {
		name soac.VName
		want string
	}{
		{"c1", "true"},   // g < 64 for g < 64
		{"c2", "kept"},   // g may be 63
		{"c3", "false"},  // 64 <= g never
		{"c4", "false"},  // g + 1 >= 1
		{"c5", "kept"},   // g + 1 is 1 at g = 0
		{"c6", "true"},   // g <= g + 1
		{"c7", "false"},  // g + 1 < g never
		{"c8", "true"},   // a name equals itself
		{"c9", "kept"},   // n unrelated to 64
		{"ce", "kept"},   // an element: unknown
		{"c10", "false"}, // e >= 1 there
		{"c11", "kept"},  // e <= 0 there
		{"c12", "true"},  // the index below its bound
		{"c13", "kept"},  // n + 1 may wrap
		{"c14", "false"}, // n <= h never
		{"h0", "kept"},   // host code keeps its comparisons
	} {
		if got[tc.name] != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got[tc.name], tc.want)
		}
	}
}

// TestLoopInvariants checks the bounds of loop results found by
// induction, through the kernel indices they make narrow: a block size
// halved from 32 while it does not divide n (LU's) lies in [0, 32]; one
// counted down and clamped at 0 in [0, 5]; one counted down without the
// clamp, or up, is unbounded.
func TestLoopInvariants(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64): {[64i64]i64} = {
  let {x0: i64} = mod i64 n 32i64
  let {c0: bool} = eq i64 x0 0i64
  let {c1: bool} = not bool c0
  let {l1: bool, half: i64} = loop {cond: bool = c1, b: i64 = 32i64} while cond
  do {
    let {b2: i64} = div i64 b 2i64
    let {x1: i64} = mod i64 n b2
    let {c2: bool} = eq i64 x1 0i64
    let {c3: bool} = not bool c2
    in {c3, b2}
  }
  let {clamped: i64} = loop {u: i64 = 5i64} for i: i64 < n
  do {
    let {u1: i64} = sub i64 u 1i64
    let {u2: i64} = max i64 u1 0i64
    in {u2}
  }
  let {down: i64} = loop {v: i64 = 5i64} for j: i64 < n
  do {
    let {v1: i64} = sub i64 v 1i64
    in {v1}
  }
  let {up: i64} = loop {w: i64 = 0i64} for k: i64 < n
  do {
    let {w1: i64} = add i64 w 1i64
    in {w1}
  }
  let {a: [64i64]i64} = segmap_thread (g < 64i64) : {i64}
  body {
    let {y1: i64} = add i64 g half
    let {y2: i64} = add i64 g clamped
    let {y3: i64} = add i64 g down
    let {y4: i64} = add i64 g up
    let {y5: i64} = add i64 y1 y2
    let {y6: i64} = add i64 y3 y4
    let {y7: i64} = add i64 y5 y6
    in {y7}
  }
  in {a}
}
`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	got := Narrow(p, nil)
	for _, tc := range []struct {
		name soac.VName
		want bool
	}{
		{"y1", true},  // half in [0, 32]
		{"y2", true},  // clamped in [0, 5]
		{"y3", false}, // down goes below any bound
		{"y4", false}, // so does up, above
		{"y5", true},
		{"y6", false},
	} {
		if got[tc.name] != tc.want {
			t.Errorf("%s: narrow %t, want %t", tc.name, got[tc.name], tc.want)
		}
	}
}
