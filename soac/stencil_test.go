package soac

import (
	"strings"
	"testing"
)

// TestValidateStencilPlan checks that the validator accepts a stencil plan
// only on a loop of the shape it needs, with numbers that fit and a
// declared threshold, in each of its versions.
func TestValidateStencilPlan(t *testing.T) {
	prog := func(plan, result, off string) string {
		return `threshold "main.st" 1
threshold "main.st_wide" 1

entry "main"
fun main (steps: i64, n: i64, w: [n]i64): {[n]i64} = {
  let {r: [n]i64} = loop {a: [n]i64 = w} for i: i64 < steps
    ` + plan + `
  do {
    let {m: [n]i64} = segmap_thread (g < n) : {i64}
    body {
      let {l: i64} = add i64 g ` + off + `
      let {x: i64} = a[l]
      in {x}
    }
    in {` + result + `}
  }
  in {r}
}
`
	}
	cases := []struct {
		name, plan, result, err string
		off                     string // the read's offset
	}{
		{"fits", `stencil steps 16 tile (256) radius 1 threshold "main.st"`, "m", "", "1i64"},
		{"fits, with a largest array", `stencil steps 16 tile (256) radius 1 max_cells 2097152 threshold "main.st"`, "m", "", "1i64"},
		{"no steps", `stencil steps 0 tile (256) radius 1 threshold "main.st"`, "m", "0 steps", "1i64"},
		{"no interior", `stencil steps 16 tile (64) radius 2 threshold "main.st"`, "m", "no interior", "1i64"},
		{"undeclared threshold", `stencil steps 16 tile (256) radius 1 threshold "main.other"`, "m", "undeclared threshold", "1i64"},
		{"radius too small", `stencil steps 16 tile (256) radius 1 threshold "main.st"`, "m", "reads 2 cells away", "-2i64"},
		{"fits, 32-bit offsets and a wide version", `stencil steps 16 tile (256) radius 1 narrow_offsets threshold "main.st" wide stencil steps 32 tile (512) radius 1 threshold "main.st_wide"`, "m", "", "1i64"},
		{"wide version sharing the threshold", `stencil steps 16 tile (256) radius 1 threshold "main.st" wide stencil steps 32 tile (512) radius 1 threshold "main.st"`, "m", "shares its threshold", "1i64"},
		{"wide version of fewer steps", `stencil steps 16 tile (256) radius 1 threshold "main.st" wide stencil steps 8 tile (512) radius 1 threshold "main.st_wide"`, "m", "fewer steps", "1i64"},
		{"wide version with no interior", `stencil steps 16 tile (256) radius 1 threshold "main.st" wide stencil steps 32 tile (64) radius 1 threshold "main.st_wide"`, "m", "no interior", "1i64"},
		{"wide version's radius too small", `stencil steps 4 tile (256) radius 2 threshold "main.st" wide stencil steps 8 tile (512) radius 1 threshold "main.st_wide"`, "m", "reads 2 cells away", "-2i64"},
		{"wide version's undeclared threshold", `stencil steps 16 tile (256) radius 1 threshold "main.st" wide stencil steps 32 tile (512) radius 1 threshold "main.x"`, "m", "undeclared threshold", "1i64"},
		{"returns the old array", `stencil steps 16 tile (256) radius 1 threshold "main.st"`, "a", "does not return its last statement", "1i64"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseProgram(prog(c.plan, c.result, c.off))
			if err != nil {
				t.Fatal(err)
			}
			err = Validate(p)
			// The plan prints as it was written.
			if c.err == "" && !strings.Contains(Print(p), c.plan) {
				t.Errorf("the plan does not print back as written:\n%s", Print(p))
			}
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("got %v, want an error with %q", err, c.err)
			}
		})
	}
}
