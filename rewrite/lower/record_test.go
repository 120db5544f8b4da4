package lower_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
)

// recordCases are programs whose recorded lowerings are checked: want has
// one line per Seg-op, in program order (see summary), and the printed IR
// after the pass is the golden file testdata/NAME.lowered.
var recordCases = []struct {
	name, src string
	want      []string
}{
	{"segmented-sum", `
def main [n][m] (xss: [n][m]f32) : [n]f32 = map f32.sum xss
`, []string{
		// Short rows: one work-item per segment, four segments per
		// work-item (strided, from 2^22 of them), their row loops
		// interchanged up to rows of four.
		`segmap map_2: ""(items-alone,strided) points rows 4 from 4194304 tiny 4 at 1`,
		// Long rows: the segment over work-groups, or a team of
		// work-items per segment, or on a CPU chunks folded by work-items
		// with four lanes (+ is commutative).
		`segred map_3: groups(strided,group-combines)@seg-groups/per_unit=8/min_group=32/team_max=1024/min_per_item=4/max_groups=1024 team(strided)@team/min_per_item=8/max_team=32 cpu(one-per-item,items-alone)x4@cpu-split/min_chunk=4096/per_unit=4`,
	}},
	{"streaming-map", `
def main [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\x y -> a*x+y) xs ys
`, []string{`segmap map_9: ""(items-alone,strided) points streaming 4 from 4194304 narrow`}},
	{"heavy-map", `
def main [n] (xs: [n]f32) : [n]f32 = map (\x -> f32.sin x * f32.cos x + f32.log (x*x+1) * f32.exp x / f32.sqrt (x+2) - f32.tanh x) xs
`, []string{`segmap map_18: ""(one-per-item,items-alone)@spread-items/min_group=32 points one-per-item 1 narrow`}},
	{"matmul", `
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a
`, []string{
		// The tiled map: row 0 of a (indexed by the outer index), row 1
		// of b's transpose (the inner), their reduction statement 2.
		// Its kernels: T x T work-items with R x R results each, slabs
		// read min(R, 4) elements at a time, 8 deep, rows padded by 4.
		`segmap map_1: tile sides [0 1] reduction 2 16x8/v4/d8/p4 16x4/v4/d8/p4 16x2/v2/d8/p4 8x2/v2/d8/p4`,
		`segmap map_2: ""(items-alone,strided) points rows 4 from 4194304 tiny 4 at 2`,
		`segred map_4: groups(strided,group-combines)@seg-groups/per_unit=8/min_group=32/team_max=1024/min_per_item=4/max_groups=1024 team(strided)@team/min_per_item=8/max_team=32 cpu(one-per-item,items-alone)x4@cpu-split/min_chunk=4096/per_unit=4`,
	}},
	{"histogram-i32-add", `
def main [n] (is: [n]i64) (xs: [n]i32) : []i32 = hist (+) 0 256 is xs
`, []string{
		// Local atomics for i32 addition: a work-group's bins may live in
		// local memory.
		`seghist hist_10: global(items-alone,global-bins) local(strided,local-bins)@hist-groups/per_unit=8`,
	}},
	{"histogram-f64-add", `
def main [n] (is: [n]i64) (xs: [n]f64) : []f64 = hist (+) 0 256 is xs
`, []string{
		// No 64-bit local atomics: bins in global memory only.
		`seghist hist_10: global(items-alone,global-bins)`,
	}},
	{"histogram-i32-mul", `
def main [n] (is: [n]i64) (xs: [n]i32) : []i32 = hist (*) 1 256 is xs
`, []string{
		// No atomic multiplication: global bins under a lock.
		`seghist hist_10: global(items-alone,global-bins)`,
	}},
	{"ordered-sum", `
def main [n] (xs: [n]f32) : f32 = reduce (\a b -> if b != 0 then b else a) 0 xs
`, []string{
		// Not commutative: contiguous chunks, one lane.
		`segred reduce_9: ""(group-combines)@flat-groups/per_unit=8/min_group=32 cpu(items-alone)x1@cpu-split/min_chunk=4096/per_unit=4`,
	}},
	{"intra-row-loop", `
def main [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\xs -> loop xs for i < 8 do
                let s = f32.sum xs
                in map (\x -> x / s + f32.i64 i) xs) xss
`, []string{
		// The outer version: a work-item per row.
		`segmap map_2: ""(one-per-item,items-alone)@spread-items/min_group=32 points one-per-item 1`,
		// The intra version of the whole loop: a work-group per row, of m
		// work-items rounded up to a warp; the loop's row double
		// buffered, the map writing its result into the row's spare
		// buffer (swapped in, not copied); barriers around the sum and
		// the map, and around the row's initial copy.
		`segmap map_3: ""() points one-per-group 1 group m_2/32 size m_2 xs_45:[m_2]f32*2 map_55:[m_2]f32>xs_45 barriers 6`,
		`segred reduce_comm_50: ""(strided,group-combines)`,
		`segmap map_55: ""() points group-items 1`,
		// In the host loop of the inner version: a step's outer version,
		// its intra version (a work-group per row sums and maps it), and
		// its fully flattened one.
		`segmap xs_next_21: ""(one-per-item,items-alone)@spread-items/min_group=32 points one-per-item 1`,
		`segmap xs_next_22: ""() points one-per-group 1 group m_2/32 size m_2 map_81:[m_2]f32*1 barriers 4`,
		`segred reduce_comm_76: ""(strided,group-combines)`,
		`segmap map_81: ""() points group-items 1`,
		`segred reduce_comm_36: groups(strided,group-combines)@seg-groups/per_unit=8/min_group=32/team_max=1024/min_per_item=4/max_groups=1024 team(strided)@team/min_per_item=8/max_team=32 cpu(one-per-item,items-alone)x4@cpu-split/min_chunk=4096/per_unit=4`,
		`segmap xs_next_25: ""(items-alone,strided) points streaming 4 from 4194304 narrow`,
	}},
	{"scan", `
def main [n] (xs: [n]i32) : [n]i32 = scan (+) 0 xs
`, []string{
		// A single-pass scan on a GPU, its group size bounded by its
		// tile; on a CPU chunks of at least 4096 elements.
		`segscan scan_7: ""(looks-back)@scan-tiles/per_unit=8/chunk=16/local_budget=32768 cpu(items-alone,pass-carries)@cpu-chunks/min_chunk=4096/per_unit=4`,
	}},
	{"scan-pairs", `
def main [n] (xs: [n]i64) (ys: [n]f64) : ([n]i64, [n]f64) =
  unzip (scan (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (zip xs ys))
`, []string{
		// 16 bytes an element: 16 elements a work-item would take 256
		// bytes of its tile, so 4 (64 bytes, at most 80).
		`segscan scan_12: ""(looks-back)@scan-tiles/per_unit=8/chunk=4/local_budget=32768 cpu(items-alone,pass-carries)@cpu-chunks/min_chunk=4096/per_unit=4`,
	}},
	{"first-max-row", `
def main [n][m] (xss: [n][m]i32) : [m]i32 =
  reduce (\a b -> if a[0] >= b[0] then a else b) (replicate m 0) xss
`, []string{
		// Array values: chunks folded by single work-items, as many as
		// the work-items of groups that fill the device.
		`segred reduce_12: ""(items-alone)@seq-chunks/per_unit=8`,
	}},
}

// TestRecord checks the lowering the pass records in each Seg-op, that the
// printed program parses back to the same text, and the printed program
// against testdata/NAME.lowered (go test -update rewrites it).
func TestRecord(t *testing.T) {
	for _, tc := range recordCases {
		t.Run(tc.name, func(t *testing.T) {
			var printed string
			p, err := pipeline.Compile(tc.name+".fut", tc.src, func(pass string, p *soac.Program) {
				if pass == "lower" {
					printed = soac.Print(p)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range p.Funs {
				soac.VisitStms(f.Body, func(s *soac.Stm) {
					if line, ok := summary(s); ok {
						got = append(got, line)
					}
				})
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("lowerings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			q, err := soac.ParseProgram(printed)
			if err != nil {
				t.Fatalf("the lowered program does not parse: %v", err)
			}
			if again := soac.Print(q); again != printed {
				t.Errorf("the lowered program prints differently once parsed:\n%s", again)
			}
			checkGolden(t, filepath.Join("testdata", tc.name+".lowered"), printed)
		})
	}
}

// summary is one line of what the lowering of the Seg-op bound by s
// records: its versions with their facts and lanes, its points plan or
// its tile roles.
func summary(s *soac.Stm) (string, bool) {
	l, seg := soac.LoweringOf(s.Exp)
	if !seg {
		return "", false
	}
	kind := strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", s.Exp), "*soac."), "Exp"))
	if l == nil {
		return fmt.Sprintf("%s %s: not lowered", kind, s.Pat[0].Name), true
	}
	var parts []string
	for _, v := range l.Versions {
		facts := make([]string, len(v.Facts))
		for i, f := range v.Facts {
			facts[i] = string(f)
		}
		name := v.Name
		if name == "" {
			name = `""`
		}
		part := fmt.Sprintf("%s(%s)", name, strings.Join(facts, ","))
		if v.Lanes > 0 {
			part += fmt.Sprintf("x%d", v.Lanes)
		}
		if v.Launch != "" {
			part += "@" + v.Launch
		}
		lp := v.LaunchParams
		for _, f := range []struct {
			name string
			v    int
		}{{"min_chunk", lp.MinChunk}, {"per_unit", lp.PerUnit}, {"min_group", lp.MinGroup}, {"team_max", lp.TeamMax}, {"chunk", lp.Chunk},
			{"min_per_item", lp.MinPerItem}, {"max_groups", lp.MaxGroups}, {"max_team", lp.MaxTeam}, {"local_budget", lp.LocalBudget}} {
			if f.v > 0 {
				part += fmt.Sprintf("/%s=%d", f.name, f.v)
			}
		}
		parts = append(parts, part)
	}
	if pl := l.Points; pl != nil {
		part := fmt.Sprintf("points %s %d", pl.Rule, pl.PerItem)
		if pl.StridedFrom > 0 {
			part += fmt.Sprintf(" from %d", pl.StridedFrom)
		}
		if pl.TinyRow > 0 {
			part += fmt.Sprintf(" tiny %d at %d", pl.TinyRow, pl.Reduction)
		}
		if l.NarrowOffsets {
			part += " narrow"
		}
		parts = append(parts, part)
	}
	if tr := l.Tile; tr != nil {
		parts = append(parts, fmt.Sprintf("tile sides %v reduction %d", tr.Sides, tr.Reduction))
	}
	for _, v := range l.TileVariants {
		parts = append(parts, fmt.Sprintf("%dx%d/v%d/d%d/p%d", v.T, v.R, v.Vector, v.Depth, v.Pad))
	}
	if g := l.Group; g != nil {
		ws := make([]string, len(g.Widths))
		for i, w := range g.Widths {
			ds := make([]string, len(w))
			for k, d := range w {
				ds[k] = soac.FormatSubExp(d)
			}
			ws[i] = strings.Join(ds, "*")
		}
		size := make([]string, len(g.Size))
		for i, w := range g.Size {
			ds := make([]string, len(w))
			for k, d := range w {
				ds[k] = soac.FormatSubExp(d)
			}
			size[i] = strings.Join(ds, "*")
		}
		part := fmt.Sprintf("group %s/%d size %s", strings.Join(ws, ","), g.Multiple, strings.Join(size, ","))
		for _, a := range g.Local {
			if a.Into != "" {
				part += fmt.Sprintf(" %s:%s>%s", a.Name, a.Type, a.Into)
				continue
			}
			part += fmt.Sprintf(" %s:%s*%d", a.Name, a.Type, a.Buffers)
		}
		parts = append(parts, part+fmt.Sprintf(" barriers %d", g.Barriers))
	}
	return fmt.Sprintf("%s %s: %s", kind, s.Pat[0].Name, strings.Join(parts, " ")), true
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
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
}
