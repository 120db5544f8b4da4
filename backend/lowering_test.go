package backend

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/rewrite/lift"
	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/soac"
)

// segredIR is a flat reduction whose operator is given by kw (reduce or
// reduce_comm) and the statements of its lambda.
func segredIR(kw, op string) string {
	return `entry "main"
fun main (xs_2: [n_1]f32): {f32} = {
  let {r_7: f32} = segred_thread (gtid_1 < n_1) : {f32}
    ` + kw + ` (0f32) \(a_3: f32, a_4: f32): {f32} -> {
` + op + `
    }
  body {
    let {x_6: f32} = xs_2[gtid_1]
    in {x_6}
  }
  in {r_7}
}
`
}

// TestKernelsFollowLowering checks that the reduction kernels are the
// ones the lowered form describes: a reorder-stride in the form (allowed
// by the derivation only for a commutative operator) gives work-items
// interleaved elements and one kernel; without it, contiguous chunks and a
// second kernel that combines the groups' results in order.
func TestKernelsFollowLowering(t *testing.T) {
	plus := "      let {x_5: f32} = add f32 a_3 a_4\n      in {x_5}"
	// The same sum in two statements: not recognised as commutative.
	plus2 := "      let {x_5: f32} = add f32 a_3 a_4\n      let {x_8: f32} = mul f32 x_5 1f32\n      in {x_8}"
	for _, tc := range []struct {
		name, kw, op string
		strided      bool
	}{
		{"recognised", "reduce", plus, true},
		{"declared", "reduce_comm", plus2, true},
		{"ordered", "reduce", plus2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := soac.ParseProgram(segredIR(tc.kw, tc.op))
			if err != nil {
				t.Fatal(err)
			}
			ls, err := lower.Program(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(ls) != 1 {
				t.Fatalf("%d lowered Seg-ops, want 1", len(ls))
			}
			form := ls[0].Versions[0].Final()
			if got := lower.Strided(form); got != tc.strided {
				t.Fatalf("lowered form strided = %v, want %v", got, tc.strided)
			}
			src, err := Generate(p)
			if err != nil {
				t.Fatal(err)
			}
			cl := src.OpenCL
			interleaved := strings.Contains(cl, "long step = gps * lsize;")
			stage2 := strings.Contains(cl, "_stage2(")
			if interleaved != tc.strided || stage2 == tc.strided {
				t.Errorf("kernels: interleaved %v, second kernel %v; the lowered form is\n  %s", interleaved, stage2, lift.Print(form))
			}
		})
	}
}
