package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestScatterReplicateNotMade fails if the host makes a replicate of a
// scalar that only a scatter reads as its values' input (`scatter dest is
// (replicate k v)`, BFS's costs of a level), or the scatter kernel reads
// it from global memory: every element is the scalar. Where another
// statement reads the replicate too, or it replicates rows, the host
// makes it.
func TestScatterReplicateNotMade(t *testing.T) {
	for _, c := range []struct {
		name, src  string
		replicates int
	}{
		{"scatter only", `def main [n] (xs: [n]i32) (is: [n]i64) (v: i32) : [n]i32 =
  scatter (copy xs) is (replicate n (v + 1))
`, 0},
		{"a constant", `def main [n] (xs: [n]i32) (is: [n]i64) : [n]i32 =
  scatter (copy xs) is (replicate n 7)
`, 0},
		// A replicate of every step's own size, its value the step's.
		{"in a host loop", `def main [n] (xs: [n]i32) (is: [n]i64) : [n]i32 =
  loop ys = copy xs for k < n do
    scatter ys is[k:] (replicate (n - k) (i32.i64 k))
`, 0},
		{"also returned", `def main [n] (xs: [n]i32) (is: [n]i64) (v: i32) : ([n]i32, [n]i32) =
  let vs = replicate n v
  in (scatter (copy xs) is vs, vs)
`, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := pipeline.Compile(c.name+".fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			host := string(gen.Host)
			if got := strings.Count(host, "c.ReplicateScalar(") + strings.Count(host, "c.Replicate("); got != c.replicates {
				t.Errorf("the host makes %d replicates, want %d", got, c.replicates)
			}
			if c.replicates > 0 {
				return
			}
			for name, code := range kernelSources(gen.OpenCL) {
				if strings.HasPrefix(name, "scatter_") && strings.Contains(code, "v_rep") {
					t.Errorf("kernel %s reads a replicate:\n%s", name, code)
				}
			}
		})
	}
}
