package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestMapParts checks the kernel of a map whose results fall into
// independent parts (soac.PointsPlan.Parts): work-item g computes part
// g / points of point g % points when launched with a work-item per
// part of each point, and all parts of point g otherwise, each part
// under its own test; the host chooses the launch (exe.SplitParts).
func TestMapParts(t *testing.T) {
	src := `def main (n: i64) (m: i64) : ([n]f32, [n]i64) =
  unzip (map (\j -> let a = loop a = f32.i64 j for i < m do a * 0.5 + f32.i64 i
                    let b = loop b = j for i < m do (b * 7 + i) % 1000003
                    in (a, b)) (iota n))`
	prog, err := pipeline.Compile("t.fut", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	var kernel string
	for _, k := range strings.Split(out.OpenCL, "__kernel ")[1:] {
		if strings.Contains(k, "fcc_part") {
			kernel = k
		}
	}
	if kernel == "" {
		t.Fatalf("no kernel of parts:\n%s", out.OpenCL)
	}
	for _, want := range []string{"fcc_split = get_global_size(0) >= 2 * (", "for (; fcc_part < 2; fcc_part += fcc_split ? 2 : 1) {", "if (fcc_part == 0) {", "if (fcc_part == 1) {"} {
		if !strings.Contains(kernel, want) {
			t.Errorf("the kernel lacks %q:\n%s", want, kernel)
		}
	}
	// Each part runs its own loop only.
	p0 := kernel[strings.Index(kernel, "if (fcc_part == 0) {"):strings.Index(kernel, "if (fcc_part == 1) {")]
	if n := strings.Count(p0, "for ("); n != 1 {
		t.Errorf("part 0 holds %d loops, want its own one:\n%s", n, p0)
	}
	if !strings.Contains(string(out.Host), "c.SpreadGroup(((int64(v_n_1)) * fccSplitParts(c, (int64(v_n_1)), 2)), ") {
		t.Errorf("the host does not choose between a work-item per part of each point and one per point")
	}
}
