package backend

import (
	"slices"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// stencilLoopProg is a host loop whose step is a segmap with body body
// (its index g, the loop's array a, its index i and t1 = i + 1 computed
// before the segmap, another array w).
func stencilLoopProg(body string) string {
	return `entry "main"
fun main (steps: i32, n: i64, w: [n]i64): {[n]i64} = {
  let {last: i64} = add i64 n -1i64
  let {r: [n]i64} = loop {a: [n]i64 = w} for i: i32 < steps
  do {
    let {t1: i32} = add i32 i 1i32
    let {m: [n]i64} = segmap_thread (g < n) : {i64}
    body {
` + body + `
    }
    in {m}
  }
  in {r}
}
`
}

// TestStepInvariant checks which statements of a stencil step the blocked
// kernel computes once before its steps: scalars that read neither the
// loop's array nor its index, directly or through other statements.
func TestStepInvariant(t *testing.T) {
	for _, c := range []struct {
		name, body string
		inv        []string
	}{
		{"clamps and another array", `let {l: i64} = add i64 g -1i64
      let {lc: i64} = max i64 l 0i64
      let {x: i64} = a[lc]
      let {z: i64} = w[g]
      let {s: i64} = add i64 x z
      in {s}`, []string{"l", "lc", "z"}},
		{"the index and what derives from it", `let {u: i32} = add i32 i 2i32
      let {v: i32} = add i32 t1 u
      let {y: i64} = w[g]
      let {vz: i64} = convert i32 i64 v
      let {s: i64} = add i64 y vz
      in {s}`, []string{"y"}},
		{"through the array", `let {x: i64} = a[g]
      let {x2: i64} = mul i64 x 2i64
      let {h: i64} = add i64 g 1i64
      let {hc: i64} = min i64 h last
      let {y: i64} = a[hc]
      let {s: i64} = add i64 x2 y
      in {s}`, []string{"h", "hc"}},
		{"an if on the array", `let {x: i64} = a[g]
      let {c: bool} = lt i64 x 5i64
      let {v: i64} = if c : {i64}
      then {
        let {z: i64} = w[g]
        in {z}
      }
      else {
        in {0i64}
      }
      in {v}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(stencilLoopProg(c.body))
			if err != nil {
				t.Fatal(err)
			}
			var sl *soac.StencilLoop
			soac.VisitStms(p.Funs[0].Body, func(s *soac.Stm) {
				if l, ok := s.Exp.(*soac.LoopExp); ok && len(l.Params) == 1 && l.Params[0].Type.Rank() == 1 {
					if sl, err = soac.StencilShape(l); err != nil {
						t.Fatal(err)
					}
				}
			})
			if sl == nil {
				t.Fatal("no stencil loop")
			}
			b := sl.SegMap().Body
			inv, vary := stepInvariant(b, sl)
			var got []string
			for _, s := range inv {
				got = append(got, string(s.Pat[0].Name))
			}
			if !slices.Equal(got, c.inv) {
				t.Errorf("invariant statements %v, want %v", got, c.inv)
			}
			// Both parts keep the body's order and together are the body.
			all := append(slices.Clone(inv), vary...)
			if len(all) != len(b.Stms) {
				t.Fatalf("%d + %d statements, want %d", len(inv), len(vary), len(b.Stms))
			}
			for _, part := range [][]*soac.Stm{inv, vary} {
				for k := 1; k < len(part); k++ {
					if slices.Index(b.Stms, part[k-1]) > slices.Index(b.Stms, part[k]) {
						t.Errorf("statements out of order: %v before %v", part[k-1].Pat[0].Name, part[k].Pat[0].Name)
					}
				}
			}
		})
	}
}
