package lower_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/rewrite/lower"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// explainCases are programs whose derivations are golden files: every
// kind of Seg-op this pass lowers, and each choice a guard makes.
var explainCases = []struct{ name, src string }{
	{"sum", `
-- A commutative reduction: strided over the work-items.
def main (xs: []f32) : f32 = f32.sum (map (*2) xs)
`},
	{"ordered", `
-- The last non-zero element: associative, not commutative, so each
-- work-item takes a contiguous chunk.
def main (xs: []f32) : f32 = reduce (\a b -> if b != 0 then b else a) 0 xs
`},
	{"segments", `
-- Row sums: a groups version and a team version.
def main (m: [][]f32) : []f32 = map f32.sum m
`},
	{"scan", `
-- A single-pass scan: work-items scan chunks, work-groups tiles.
def main (xs: []i32) : []i32 = scan (+) 0 xs
`},
	{"segmented-scan", `
-- Scans of rows: one scan of the whole with a lifted operator.
def main (m: [][]i32) : [][]i32 = map (scan (+) 0) m
`},
	{"histogram", `
-- A histogram: bins in global memory, or a work-group's in local memory.
def main [n] (is: [n]i64) (xs: [n]i32) : []i32 = hist (+) 0 256 is xs
`},
	{"array-values", `
-- A reduction whose values are arrays: work-items fold chunks alone.
def main (xss: [][3]f32) : [3]f32 =
  reduce (\a b -> if a[0] > b[0] then a else b) (replicate 3 0) xss
`},
	{"tiled", `
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a
`},
	{"map", `
def main (xs: []f32) : []f32 = map (+1) xs
`},
}

// TestExplain compares the derivations of explainCases with
// testdata/NAME.golden (go test -update rewrites them).
func TestExplain(t *testing.T) {
	for _, tc := range explainCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := pipeline.Compile(tc.name+".fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, got, err := lower.Explain(p)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update creates it)", err)
			}
			if string(want) != got {
				t.Errorf("%s differs (go test -update accepts the change)\n--- got\n%s--- want\n%s", path, got, want)
			}
		})
	}
}
