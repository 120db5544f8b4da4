package lower

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// stencilProg is a host loop over a step whose segmap body is body (its
// index g, the loop's array a of length n, last = n - 1, the loop's index
// i and its successor t1, and another array w).
func stencilProg(body string) string {
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

func TestStencilPlans(t *testing.T) {
	cases := []struct {
		name   string
		body   string
		radius int  // 0: no plan
		wide   bool // offsets stay 64 bits: the step has a loop
	}{
		{"neighbours", `let {l: i64} = add i64 g -1i64
      let {x: i64} = a[l]
      let {y: i64} = a[g]
      let {s: i64} = add i64 x y
      in {s}`, 1, false},
		{"clamped radius 2", `let {l: i64} = add i64 g -2i64
      let {lc: i64} = max i64 l 0i64
      let {x: i64} = a[lc]
      let {h: i64} = add i64 g 2i64
      let {hc: i64} = min i64 h last
      let {y: i64} = a[hc]
      let {s: i64} = add i64 x y
      in {s}`, 2, false},
		{"guarded, another array", `let {c: bool} = lt i64 0i64 g
      let {v: i64} = if c : {i64}
      then {
        let {l: i64} = sub i64 g 1i64
        let {x: i64} = a[l]
        in {x}
      }
      else {
        in {0i64}
      }
      let {z: i64} = w[g]
      let {s: i64} = add i64 v z
      in {s}`, 1, false},
		{"radius 3 by a copy", `let {l: i64} = add i64 g 3i64
      let {k: i64} = l
      let {x: i64} = a[k]
      in {x}`, 3, false},
		{"a loop in the step", `let {l: i64} = add i64 g -1i64
      let {x: i64} = a[l]
      let {s: i64} = loop {acc: i64 = x} for j: i64 < 3i64
      do {
        let {acc2: i64} = add i64 acc j
        in {acc2}
      }
      in {s}`, 1, true},
		// Not stencils: a read at no constant offset, a clamp by
		// something other than the array's end, only the point's own
		// element, the array passed whole, a radius the tile cannot hold.
		{"reversed", `let {l: i64} = sub i64 last g
      let {x: i64} = a[l]
      in {x}`, 0, false},
		{"clamped by a constant", `let {h: i64} = add i64 g 1i64
      let {hc: i64} = min i64 h 5i64
      let {x: i64} = a[hc]
      in {x}`, 0, false},
		{"own element", `let {x: i64} = a[g]
      in {x}`, 0, false},
		{"sliced", `let {l: i64} = add i64 g 1i64
      let {x: i64} = a[l]
      let {sl: [n]i64} = copy a
      in {x}`, 0, false},
		{"too far", `let {l: i64} = add i64 g 100i64
      let {x: i64} = a[l]
      in {x}`, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(stencilProg(c.body))
			if err != nil {
				t.Fatal(err)
			}
			out, err := Run(p)
			if err != nil {
				t.Fatal(err)
			}
			var loop *soac.LoopExp
			soac.VisitStms(out.Funs[0].Body, func(s *soac.Stm) {
				// The host loop, not a loop of the step.
				if l, ok := s.Exp.(*soac.LoopExp); ok && l.Params[0].Type.Rank() > 0 {
					loop = l
				}
			})
			plan := loop.Stencil
			if c.radius == 0 {
				if plan != nil || len(out.Thresholds) != 0 {
					t.Fatalf("got the plan %v and thresholds %v, want none", plan, out.Thresholds)
				}
				return
			}
			if plan == nil {
				t.Fatal("no plan")
			}
			// The wide version: tiles of 1024 cells, four times the steps.
			want := soac.StencilPlan{Steps: stencilSteps(c.radius, 256, 8), Tile: []int{256}, Radius: c.radius, NarrowOffsets: !c.wide, Threshold: "main.stencil_r",
				Wide: &soac.StencilPlan{Steps: 4 * stencilSteps(c.radius, 256, 8), Tile: []int{1024}, Radius: c.radius, NarrowOffsets: !c.wide, Threshold: "main.stencil_r_wide"}}
			if plan.String() != want.String() {
				t.Fatalf("plan %v, want %v", plan, &want)
			}
			if len(out.Thresholds) != 2 || out.Thresholds[0].Name != want.Wide.Threshold || out.Thresholds[1].Name != want.Threshold || len(p.Thresholds) != 0 {
				t.Fatalf("thresholds %v (input's %v), want %s and %s declared in the output only", out.Thresholds, p.Thresholds, want.Wide.Threshold, want.Threshold)
			}
			// A 1-D halo repeats at most 1/7 of the work: CPUs too; the
			// wide version was measured on GPUs only.
			if out.Thresholds[1].GPUOnly || !out.Thresholds[0].GPUOnly {
				t.Fatalf("thresholds %v, want the wide one gpu_only, the other on CPUs too", out.Thresholds)
			}
			if err := soac.ValidateWith(out, soac.Lowered); err != nil {
				t.Fatal(err)
			}
			// The printed plan parses back.
			text := soac.Print(out)
			if !strings.Contains(text, want.String()) {
				t.Fatalf("the plan is not printed:\n%s", text)
			}
			q, err := soac.ParseProgram(text)
			if err != nil {
				t.Fatal(err)
			}
			if got := soac.Print(q); got != text {
				t.Fatalf("round trip differs:\n%s\nwant:\n%s", got, text)
			}
		})
	}
}

func TestStencilSteps(t *testing.T) {
	for _, c := range []struct{ r, side, share, k int }{
		{0, 256, 8, 0}, {1, 256, 8, 16}, {2, 256, 8, 8}, {3, 256, 8, 4}, {4, 256, 8, 4},
		{8, 256, 8, 2}, {9, 256, 8, 0}, {16, 256, 8, 0},
		{1, 16, 4, 2}, {2, 16, 4, 0}, {1, 32, 4, 4},
		{1, 1024, 8, 64}, {2, 1024, 8, 32}, {1, 4096, 8, 64}, {2, 32, 4, 2},
	} {
		k := stencilSteps(c.r, c.side, c.share)
		if k != c.k {
			t.Errorf("radius %d, side %d: %d steps, want %d", c.r, c.side, k, c.k)
		}
		if k > 0 && 2*c.r*k*c.share > c.side {
			t.Errorf("radius %d, side %d: %d steps take more than 1/%d of the side", c.r, c.side, k, c.share)
		}
	}
}

// TestStencilPlans2D checks the plans of two-dimensional stencil loops
// whose step flatten multi-versioned (an if on a threshold between an
// outer-only map and a map over both dimensions).
func TestStencilPlans2D(t *testing.T) {
	prog := func(read string) string {
		return `threshold "main.outer" 32768

entry "main"
fun main (steps: i32, n: i64, k: i64, w: [n][k]f32): {[n][k]f32} = {
  let {lastn: i64} = add i64 n -1i64
  let {r: [n][k]f32} = loop {a: [n][k]f32 = w} for i: i32 < steps
  do {
    let {outer: bool} = threshold "main.outer" n
    let {v: [n][k]f32} = if outer : {[n][k]f32}
    then {
      let {m1: [n][k]f32} = segmap_thread (g1 < n) : {[k]f32}
      body {
        let {row: [k]f32} = a[g1]
        in {row}
      }
      in {m1}
    }
    else {
      let {m2: [n][k]f32} = segmap_thread (g < n, h < k) : {f32}
      body {
        let {u: i64} = add i64 g 1i64
        let {uc: i64} = min i64 u lastn
        ` + read + `
        let {y: f32} = a[g, h]
        let {s: f32} = add f32 x y
        in {s}
      }
      in {m2}
    }
    in {v}
  }
  in {r}
}
`
	}
	for _, c := range []struct {
		name, read string
		plan       string
	}{
		{"clamped below", "let {x: f32} = a[uc, h]", `stencil steps 2 tile (16, 16) radius 1 max_cells 2097152 narrow_offsets threshold "main.stencil_r" wide stencil steps 4 tile (32, 32) radius 1 narrow_offsets threshold "main.stencil_r_wide"`}, // 78% repeated: GPUs only
		{"indices swapped", "let {x: f32} = a[h, g]", ""},
		{"offset along the wrong dimension", "let {x: f32} = a[g, uc]", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := soac.ParseProgram(prog(c.read))
			if err != nil {
				t.Fatal(err)
			}
			out, err := Run(p)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			soac.VisitStms(out.Funs[0].Body, func(s *soac.Stm) {
				if l, ok := s.Exp.(*soac.LoopExp); ok && l.Stencil != nil {
					got = l.Stencil.String()
				}
			})
			if got != c.plan {
				t.Fatalf("plan %q, want %q", got, c.plan)
			}
			// Both versions' thresholds, the wide one first, GPUs only.
			var ths []string
			for _, th := range out.Thresholds {
				if strings.Contains(th.Name, "stencil") {
					ths = append(ths, th.Name)
					if !th.GPUOnly {
						t.Errorf("threshold %s is not gpu_only", th.Name)
					}
				}
			}
			if want := map[bool]string{true: "[main.stencil_r_wide main.stencil_r]", false: "[]"}[c.plan != ""]; fmt.Sprint(ths) != want {
				t.Errorf("stencil thresholds %v, want %s", ths, want)
			}
			if c.plan != "" {
				text := soac.Print(out)
				q, err := soac.ParseProgram(text)
				if err != nil {
					t.Fatal(err)
				}
				if soac.Print(q) != text {
					t.Fatal("the printed plan does not parse back the same")
				}
			}
			if err := soac.ValidateWith(out, soac.Lowered); err != nil {
				t.Fatal(err)
			}
		})
	}
}
