package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// trailing is LU's trailing update in a loop: a step changes a[k:, k:]
// only, by the product of two panels (tiled) or by a scalar step (plain).
const trailing = `
entry product [n][m][b] (s: i64) (l: [n][b]f32) (u: [b][m]f32) (a: [n][m]f32) : [n][m]f32 =
  loop a for k < s do
    tabulate_2d n m (\i j ->
      if i < k || j < k then a[i, j]
      else a[i, j] - (loop acc = 0f32 for q < b do acc + l[i, q] * u[q, j]))

entry steps [n][m] (s: i64) (a: [n][m]f32) : [n][m]f32 =
  loop a for k < s do
    tabulate_2d n m (\i j -> if i < k || j < k then a[i, j] else a[i, j] * 0.5)
`

// TestRegionKernels checks that the segmaps given a region (package
// inplace) launch over the region and write the loop's state where it
// lies: their kernels take the region's start, store into the state and
// allocate no output, and the host binds their results to the state.
func TestRegionKernels(t *testing.T) {
	prog, err := pipeline.Compile("trailing.fut", trailing, nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	// Split at every kernel, tiled ones (with attributes) included.
	for _, code := range strings.Split(src.OpenCL, "__kernel ")[1:] {
		name := code[strings.Index(code, "void ")+len("void "):]
		name = name[:strings.Index(name, "(")]
		if !strings.Contains(code, "long fcc_lo_0") {
			continue
		}
		kind := "plain"
		if strings.HasPrefix(name, "tiled2d_") {
			kind = "tiled"
			if !strings.Contains(code, "row0 = fcc_lo_0 + ") || !strings.Contains(code, "col0 = fcc_lo_1 + ") {
				t.Errorf("tiled kernel %s does not start its blocks at the region:\n%s", name, code)
			}
		} else if !strings.Contains(code, "+= fcc_lo_1;") {
			t.Errorf("kernel %s does not offset its indices by the region's start:\n%s", name, code)
		}
		if strings.Contains(code, "out0") {
			t.Errorf("kernel %s of a region has an output of its own:\n%s", name, code)
		}
		kinds[kind]++
	}
	if kinds["plain"] < 2 || kinds["tiled"] < 1 {
		t.Fatalf("kernels with a region: %v, want a plain one per entry and a tiled one", kinds)
	}
	host := string(src.Host)
	if n := strings.Count(host, "c.CopyArray(v_a_"); n != 2 {
		t.Errorf("%d copies of the argument before the loops, want 2 (one per entry)", n)
	}
	if !strings.Contains(host, "min(max(int64(v_k_") {
		t.Errorf("no region start clamped to the space in the host code")
	}
	// The product's reduction (b elements) is short when b <= 64: the
	// host then wants shortGroups work-groups per compute unit.
	if !regexp.MustCompile(`if int64\(v_b_\d+\) <= 64 \{\s*per = 16`).MatchString(host) {
		t.Errorf("the host does not choose the register tile by the reduction's length")
	}
}
