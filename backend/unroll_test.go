package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestSeqUnroll checks which sequential loops in kernels are unrolled:
// for loops of scalar merge parameters and small straight-line bodies
// (an accumulation over loads), not loops that carry arrays or hold
// other loops, nor while loops.
func TestSeqUnroll(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		unrolled  int
	}{
		{"dot product", `def main [n][m] (xss: [n][m]f32) (ys: [m]f32) : [n]f32 =
  map (\xs -> loop s = 0f32 for q < m do s + xs[q] * ys[q]) xss`, 1},
		{"nested loops", `def main (ns: []i64) : []i64 =
  map (\n -> loop a = 0 for i < n do loop b = a for j < i do b + j * i) ns`, 1},
		{"an array carried", `def main (n: i64) (m: i64) : [n]f32 =
  map (\j -> f32.sum (loop y = replicate m (f32.i64 j) for i < m do y with [i] = y[i] * 2)) (iota n)`, 0},
		{"a while loop", `def main (xs: []i64) : []i64 = map (\x -> loop a = x while a > 1 do a / 2) xs`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := pipeline.Compile("t.fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			out, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			// The kernel of the outer map (the first that has a loop).
			var kernel string
			for _, k := range strings.Split(out.OpenCL, "__kernel ")[1:] {
				if strings.Contains(k, "for (long it_") || strings.Contains(k, "while (") {
					kernel = k
					break
				}
			}
			if kernel == "" {
				t.Fatalf("no kernel with a loop:\n%s", out.OpenCL)
			}
			if got := strings.Count(kernel, "#pragma unroll 4\n"); got != tc.unrolled {
				t.Errorf("%d loops unrolled, want %d:\n%s", got, tc.unrolled, kernel)
			}
			if tc.unrolled > 0 && !strings.Contains(kernel, "#ifndef FCC_NO_SEQ_UNROLL") {
				t.Errorf("the unrolling cannot be turned off")
			}
		})
	}
}
