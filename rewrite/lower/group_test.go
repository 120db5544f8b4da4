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
		{"short loop of narrow maps, wide one-off reads of global memory", `
def main (xss: [][32][32]i32) : [][1024]i32 =
  map (\xs ->
    let sim = tabulate_2d 32 32 (\i j -> xs[i, j] + i32.i64 j)
    in loop a = replicate 1024 0i32 for d < 8 do
         let vs = tabulate 32 (\i -> a[(i * 33 + d) % 1024] + sim[i, d % 32])
         in scatter a (tabulate 32 (\i -> i * 32 + d % 32)) vs) xss
`, []string{"32i64 * 32i64", "32i64"}},
		{"long loop of narrow maps, wide one-off maps", `
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

// TestFusedScatter checks which scatters of a segmap_group's body the
// lowering fuses with the map that makes their inputs: only where no
// point of the map reads an element another point writes.
func TestFusedScatter(t *testing.T) {
	for _, c := range []struct {
		name, body string
		fused      bool
	}{
		// Needleman-Wunsch's anti-diagonal: writes 31t + d, reads
		// 31t + d - 1, - 32 and - 33.
		{"anti-diagonal", `
       let (is, vs) = unzip (tabulate 32 (\t ->
         let i = t + 1
         let j = d + 2 - i
         in if j < 1 || j > 32 then (-1, 0)
            else ((i - 1) * 32 + j - 1,
                  a[(i - 1) * 32 + j - 2] + a[(i - 2) * 32 + j - 1] + a[(i - 2) * 32 + j - 2])))
       in scatter a is vs`, true},
		// Even cells from odd ones.
		{"even from odd", `
       let (is, vs) = unzip (tabulate 16 (\t -> (2 * t, a[2 * t + 1] + i32.i64 d)))
       in scatter a is vs`, true},
		// A reversal: point t reads what point 1023 - t writes.
		{"reversal", `
       let (is, vs) = unzip (tabulate 1024 (\t -> (t, a[1023 - t] + i32.i64 d)))
       in scatter a is vs`, false},
		// A shift by the step: reads and writes of other invariants.
		{"shift by the step", `
       let (is, vs) = unzip (tabulate 16 (\t -> (2 * t + d, a[2 * t] + 1)))
       in scatter a is vs`, false},
		// An index that is no affine form of the point's.
		{"not affine", `
       let (is, vs) = unzip (tabulate 16 (\t -> (2 * t, a[(t * t) % 1024] + 1)))
       in scatter a is vs`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `
def main (xss: [][1024]i32) : [][1024]i32 =
  map (\xs ->
    loop a = copy xs for d < 31 do` + c.body + `) xss
`
			p, err := pipeline.Compile("fuse.fut", src, nil)
			if err != nil {
				t.Fatal(err)
			}
			groups, fused := 0, 0
			for _, f := range p.Funs {
				soac.VisitStms(f.Body, func(s *soac.Stm) {
					if m, ok := s.Exp.(*soac.SegMapExp); ok && m.Level == soac.LevelGroup {
						groups++
						fused += len(m.Lowering.Group.Fused)
					}
				})
			}
			if groups == 0 {
				t.Fatal("no segmap_group")
			}
			if got := fused == groups; got != c.fused {
				t.Errorf("fused %d scatters in %d segmap_groups, want fused %v", fused, groups, c.fused)
			}
		})
	}
}

// TestLoopFill checks which replicates of a segmap_group's body fill
// their loop parameter's buffer (GroupPlan.Fills): those of a scalar
// that are only the loop's initial value.
func TestLoopFill(t *testing.T) {
	for _, c := range []struct {
		name, body string
		fills      int
	}{
		{"only the initial value", `
    let z = replicate 64 (xs[0] * 2)
    let a = loop a = z for d < 8 do tabulate 64 (\i -> a[(i + d) % 64] + xs[i])
    in a`, 1},
		{"also a result", `
    let z = replicate 64 (xs[0] * 2)
    let a = loop a = z for d < 8 do tabulate 64 (\i -> a[(i + d) % 64] + xs[i])
    in map2 (+) a (z with [3] = 7)`, 0},
		{"also read in the loop", `
    let z = replicate 64 (xs[0] * 2)
    let a = loop a = z for d < 8 do tabulate 64 (\i -> a[(i + d) % 64] + z[i])
    in a`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `
def main (xss: [][64]i32) : [][64]i32 =
  map (\xs ->` + c.body + `) xss
`
			p, err := pipeline.Compile("fill.fut", src, nil)
			if err != nil {
				t.Fatal(err)
			}
			groups, fills := 0, 0
			for _, f := range p.Funs {
				soac.VisitStms(f.Body, func(s *soac.Stm) {
					if m, ok := s.Exp.(*soac.SegMapExp); ok && m.Level == soac.LevelGroup {
						groups++
						fills += len(m.Lowering.Group.Fills)
					}
				})
			}
			if groups == 0 {
				t.Fatal("no segmap_group")
			}
			if fills != c.fills*groups {
				t.Errorf("%d fills in %d segmap_groups, want %d each", fills, groups, c.fills)
			}
		})
	}
}

// TestSpeculate checks which ifs of a segmap_group's body the lowering
// speculates (GroupPlan.Speculate): small branches of operations that
// cannot fail and reads of local arrays at proved indices, not those
// that read global memory, divide or hold too much.
func TestSpeculate(t *testing.T) {
	for _, c := range []struct {
		name, cell string
		want       int
	}{
		// Needleman-Wunsch's read of a cell: i == 0, j == 0 or inside.
		{"a cell of the block or its borders", `
           if i == 0 then top[j] else if j == 0 then left[i - 1] else a[(i - 1) * 32 + j - 1]`, 2},
		{"a read of global memory", `
           if i == 0 then xs[j, 0] else a[(i - 1) * 32 + j]`, 0},
		{"an integer division", `
           if i == 0 then top[j] else a[(i - 1) * 32 + j] / (top[j] + 1)`, 0},
		{"a float division", `
           if i == 0 then top[j] else i32.f32 (f32.i32 a[(i - 1) * 32 + j] / 3)`, 0},
		{"too much work", `
           if i == 0 then top[j] else
             let x = a[(i - 1) * 32 + j]
             let x = x * x + x * 3 + top[j] * x + x * 7 + x * x * x
             let x = x * x + x * 3 + top[j] * x + x * 7 + x * x * x
             in x`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `
def main (xss: [][32][32]i32) : [][1024]i32 =
  map (\xs ->
    let top = tabulate 33 (\j -> xs[0, j % 32] + 1)
    let left = tabulate 32 (\i -> xs[i, 0] + 2)
    in loop a = replicate 1024 0i32 for d < 63 do
         let vs = tabulate 32 (\t ->
           let i = t
           let j = (d + t) % 32
           in ` + c.cell + `)
         in scatter a (tabulate 32 (\t -> t * 32 + (d + t) % 32)) vs) xss
`
			p, err := pipeline.Compile("speculate.fut", src, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, groups := 0, 0
			for _, f := range p.Funs {
				soac.VisitStms(f.Body, func(s *soac.Stm) {
					m, ok := s.Exp.(*soac.SegMapExp)
					if !ok || m.Level != soac.LevelGroup {
						return
					}
					groups++
					got += len(m.Lowering.Group.Speculate)
				})
			}
			if groups == 0 {
				t.Fatal("no segmap_group")
			}
			if got != c.want {
				t.Errorf("%d speculated ifs, want %d", got, c.want)
			}
		})
	}
}
