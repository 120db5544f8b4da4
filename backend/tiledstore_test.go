package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestTiledStoresAfterEpilogue checks that a 2-D tiled kernel computes
// all of a work-item's results, epilogue and its loads included, before
// it stores any: a store between them would order every result's loads
// after the previous result's store (the compiler cannot tell that the
// arrays do not overlap).
func TestTiledStoresAfterEpilogue(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"matmul", `def main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a`},
		// LU's trailing update: a loop reduction in a branch, the
		// other branches reading the old matrix.
		{"loop reduction in a branch", `def main [n][k] (a: [n][n]f32) (l: [n][k]f32) (u: [k][n]f32) (s: i64) : [n][n]f32 =
  tabulate_2d n n (\i j -> if i < s || j < s then a[i, j]
                           else a[i, j] - (loop acc = 0f32 for q < k do acc + l[i, q] * u[q, j]))`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := pipeline.Compile("t.fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			tiled := 0
			for _, part := range strings.Split(src.OpenCL, "__kernel ")[1:] {
				if !strings.Contains(part, "void tiled2d_") {
					continue
				}
				tiled++
				body := part[:strings.Index(part, "\n}\n")]
				lastRes := strings.LastIndex(body, "res_0[i][j] = ")
				firstStore := strings.Index(body, "out0[gr * space_1 + gc] = ")
				if lastRes < 0 || firstStore < lastRes || !strings.Contains(body[firstStore:], "= res_0[i][j];") {
					t.Errorf("a tiled kernel stores a result before it has computed all of them (last result at %d, first store at %d)", lastRes, firstStore)
				}
			}
			if tiled == 0 {
				t.Fatalf("no tiled kernel:\n%s", src.OpenCL)
			}
		})
	}
}
