package lower_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
)

// TestGroupSize checks the size the lowering chooses for the work-group
// of an intra-group version (the widths of GroupPlan.Size): where the
// body's time goes, a loop's operations weighed by its trip count.
func TestGroupSize(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"loop of narrow maps, wide one-off maps", `
def main (xss: [][32][32]i32) : [][1024]i32 =
  map (\xs ->
    let sim = tabulate_2d 32 32 (\i j -> xs[i, j] + i32.i64 j)
    in loop a = replicate 1024 0i32 for d < 63 do
         let vs = tabulate 32 (\i -> a[(i * 33 + d) % 1024] + sim[i, d % 32])
         in scatter a (tabulate 32 (\i -> i * 32 + d % 32)) vs) xss
`, []string{"32i64"}},
		{"loop of wide maps", `
def main (xss: [][32][32]f32) : [][32][32]f32 =
  map (\xs ->
    loop b = copy xs for k < 32 do
      tabulate_2d 32 32 (\i j -> if i <= k then b[i, j] else b[i, j] - b[i, k] * b[k, j])) xss
`, []string{"32i64 * 32i64"}},
		{"a loop of a few narrow steps, a heavy wide map", `
def main (xss: [][32][32]f32) : [][32][32]f32 =
  map (\xs ->
    let ys = tabulate_2d 32 32 (\i j ->
               let x = xs[i, j]
               in f32.sin (f32.cos (f32.exp x * x + 1) * x + f32.sqrt (f32.abs x)) * f32.log (x * x + 1))
    let r = loop r = replicate 32 0f32 for k < 2 do
              tabulate 32 (\i -> r[i] + ys[i, k])
    in tabulate_2d 32 32 (\i j -> ys[i, j] + r[j])) xss
`, []string{"32i64 * 32i64", "32i64"}},
		{"sizes not known", `
def main [n][m] (xss: [n][m]f32) (ys: [m]f32) : [n][m]f32 =
  map (\xs ->
    let s = f32.sum (map2 (*) xs ys)
    let t = f32.sum (map (\i -> f32.i64 i * xs[i % m]) (iota n))
    in map (\x -> x * s + t) xs) xss
`, []string{"m_", "n_"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := pipeline.Compile("group.fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range p.Funs {
				soac.VisitStms(f.Body, func(s *soac.Stm) {
					m, ok := s.Exp.(*soac.SegMapExp)
					if !ok || m.Level != soac.LevelGroup {
						return
					}
					for _, w := range m.Lowering.Group.Size {
						ds := make([]string, len(w))
						for k, d := range w {
							ds[k] = soac.FormatSubExp(d)
						}
						got = append(got, strings.Join(ds, " * "))
					}
				})
			}
			if len(got) != len(c.want) {
				t.Fatalf("group size %q, want %q", got, c.want)
			}
			for i := range got {
				// Names of sizes by their prefix: their numbers are the
				// compiler's.
				if got[i] != c.want[i] && !(strings.HasSuffix(c.want[i], "_") && strings.HasPrefix(got[i], c.want[i])) {
					t.Errorf("group size %q, want %q", got, c.want)
				}
			}
		})
	}
}
