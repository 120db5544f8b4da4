package backend_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// localCopy is a store into a local buffer of a load from another: an
// element of a copy between local arrays.
var localCopy = regexp.MustCompile(`^\s*(fcc_local\d+|\w+_(buf|spare))\[[^;]*\] = (fcc_local\d+|\w+_(buf|spare))\[[^;]*\];$`)

// TestGroupStepsCopyNothing fails if a step of the loop in an intra-group
// kernel copies an array between local buffers (LU's diagonal block made
// anew each step by a tabulate_2d, whose result the plan writes into the
// loop's spare buffer; Needleman-Wunsch's blocks updated in place by a
// scatter), or holds more barriers than its group operations need: one
// after each, and one before a Seg-op that private code separates from
// the last barrier only where that code reads local memory (LU's pivot).
func TestGroupStepsCopyNothing(t *testing.T) {
	for _, c := range []struct {
		path     string
		barriers int
	}{
		// The pivot's read, then the tabulate_2d.
		{"../tests/programs/intra_lu.fut", 2},
		// The diagonal's cells, their values, the scatter.
		{"../tests/programs/intra_nw.fut", 3},
		// The diagonal's values and the scatter (the cells are fused
		// into the values' map), run as one: each work-item writes its
		// cells as it computes them (no cell of the diagonal reads
		// another), one barrier after.
		{"../bench/apps/nw_blocked.fut", 1},
		// The same, blocks of 20 (the kernel's first loop; its second,
		// a reversal, is not fused: a point reads what another writes).
		{"../tests/programs/intra_scatter_fused.fut", 1},
	} {
		t.Run(c.path, func(t *testing.T) {
			src, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := pipeline.Compile(c.path, string(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for name, code := range kernelSources(gen.OpenCL) {
				if !strings.HasPrefix(name, "segmap_group_") {
					continue
				}
				seen++
				step := stepLoop(code)
				if step == nil {
					t.Fatalf("kernel %s has no loop over steps:\n%s", name, code)
				}
				barriers := 0
				for _, ln := range step {
					if localCopy.MatchString(ln) {
						t.Errorf("kernel %s copies between local arrays every step: %s\n%s", name, strings.TrimSpace(ln), code)
					}
					if strings.Contains(ln, "barrier(") {
						barriers++
					}
				}
				if barriers > c.barriers {
					t.Errorf("kernel %s has %d barriers a step, want at most %d:\n%s", name, barriers, c.barriers, strings.Join(step, "\n"))
				}
			}
			if seen == 0 {
				t.Fatalf("no segmap_group kernel")
			}
		})
	}
}

// stepLoop returns the lines of the first loop over steps (for (long
// it_...), or int where the index is narrowed) of kernel code, nil when
// there is none.
func stepLoop(code string) []string {
	var out []string
	depth := 0
	for _, ln := range strings.Split(code, "\n") {
		t := strings.TrimSpace(ln)
		if out == nil && !strings.HasPrefix(t, "for (long it_") && !strings.HasPrefix(t, "for (int it_") {
			continue
		}
		out = append(out, ln)
		depth += strings.Count(t, "{") - strings.Count(t, "}")
		if depth == 0 {
			return out
		}
	}
	return nil
}

// wideScalar is a 64-bit scalar declared, or 64-bit integer arithmetic,
// in kernel code.
var wideScalar = regexp.MustCompile(`^\s*long v_|\(ulong\)`)

// TestGroupStepsNarrow fails if a step of the loop of an intra-group
// kernel declares an i64 scalar in 64 bits or computes on 64 bits where
// every index of the step fits 32 bits (the prove pass's ranges: the
// anti-diagonal d < 63 of a block of 32, cell t < 32 of it; LU's row
// below the block's side): 64-bit multiplies and compares cost NVIDIA's
// GPUs several instructions each, every step.
func TestGroupStepsNarrow(t *testing.T) {
	for _, path := range []string{
		"../bench/apps/nw_blocked.fut",
		"../tests/programs/intra_narrow_index.fut",
	} {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := pipeline.Compile(path, string(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			for name, code := range kernelSources(gen.OpenCL) {
				if !strings.HasPrefix(name, "segmap_group_") {
					continue
				}
				seen++
				step := stepLoop(code)
				if step == nil {
					t.Fatalf("kernel %s has no loop over steps:\n%s", name, code)
				}
				for _, ln := range step {
					if wideScalar.MatchString(ln) {
						t.Errorf("kernel %s computes in 64 bits in a step: %s\n%s", name, strings.TrimSpace(ln), strings.Join(step, "\n"))
					}
				}
			}
			if seen == 0 {
				t.Fatalf("no segmap_group kernel")
			}
		})
	}
}

// TestGroupStepSpeculated fails if a step of Needleman-Wunsch's block
// branches on where a cell is read from (the block, its row above, its
// column left): the plan speculates those ifs, and the step keeps only
// the branch on whether the work-item's row has a cell on the diagonal
// and the scatter's bounds test.
func TestGroupStepSpeculated(t *testing.T) {
	prog, err := pipeline.CompileFile("../bench/apps/nw_blocked.fut", nil)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	branch := regexp.MustCompile(`^\s*if \(`)
	seen := 0
	for name, code := range kernelSources(gen.OpenCL) {
		if !strings.HasPrefix(name, "segmap_group_") {
			continue
		}
		seen++
		step := stepLoop(code)
		n := 0
		for _, ln := range step {
			if branch.MatchString(ln) {
				n++
			}
		}
		if n > 2 {
			t.Errorf("kernel %s branches %d times a step, want at most 2:\n%s", name, n, strings.Join(step, "\n"))
		}
	}
	if seen == 0 {
		t.Fatal("no segmap_group kernel")
	}
}

// TestScatterIotaNotMade fails if the host makes an iota that only a
// scatter reads as its indices' input (a tabulate fused into a scatter,
// as blocked NW writes its blocks each step), or the scatter kernel
// reads it from global memory: the work-item's index is the element.
// Where another statement reads the iota too, the host makes it.
func TestScatterIotaNotMade(t *testing.T) {
	for _, c := range []struct {
		name, src string
		iotas     int
	}{
		{"scatter only", `def main [n] (xs: [n]i32) : [n]i32 =
  let (is, vs) = unzip (tabulate n (\i -> (n - 1 - i, xs[i] * 2)))
  in scatter (replicate n 0) is vs
`, 0},
		// An iota of every step's own size.
		{"in a host loop", `def main [n] (xs: [n]i32) : [n]i32 =
  loop ys = replicate n 0 for k < n do
    let (is, vs) = unzip (tabulate (n - k) (\i -> (i + k, xs[i] + i32.i64 k)))
    in scatter ys is vs
`, 0},
		{"also returned", `def main [n] (xs: [n]i32) : ([n]i32, [n]i64) =
  let js = iota n
  let (is, vs) = unzip (map (\i -> (n - 1 - i, xs[i] * 2)) js)
  in (scatter (replicate n 0) is vs, js)
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
			if got := strings.Count(string(gen.Host), "c.Iota("); got != c.iotas {
				t.Errorf("the host makes %d iotas, want %d", got, c.iotas)
			}
			for name, code := range kernelSources(gen.OpenCL) {
				if strings.HasPrefix(name, "scatter_") && strings.Contains(code, "v_iota") {
					t.Errorf("kernel %s reads an iota:\n%s", name, code)
				}
			}
		})
	}
}

// groupSizeLine is the host's choice of a segmap_group's size where its
// widths are constants, and groupParamLine its tunable override.
var (
	groupSizeLine  = regexp.MustCompile(`group := int64\((\d+)\)\n`)
	groupParamLine = regexp.MustCompile(`if g := c\.Param\("main\.group_size_\d+", 0\); g > 0 \{`)
)

// TestGroupSizeFromLoop checks the size of the work-groups of
// intra-group kernels whose sizes are constants, as the lowering's
// estimate chose it (rewrite/lower/group_test.go covers the rule's
// cases), and that a tuning parameter can set it. Needleman-Wunsch's
// block keeps a group of 1024, not the 32 of its loop's maps: on an
// H200, groups of 32 took 41-48 µs a launch against 36 for 1024 (the
// block's one-off global reads and writes in 32 rounds cost more than
// the idle warps of the loop's steps).
func TestGroupSizeFromLoop(t *testing.T) {
	for _, c := range []struct {
		path     string
		min, max int64
	}{
		{"../bench/apps/nw_blocked.fut", 1024, 1024},
	} {
		t.Run(c.path, func(t *testing.T) {
			src, err := os.ReadFile(c.path)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := pipeline.Compile(c.path, string(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			hosts := groupSizeLine.FindAllStringSubmatch(string(gen.Host), -1)
			params := groupParamLine.FindAllString(string(gen.Host), -1)
			if len(hosts) == 0 || len(hosts) != len(params) {
				t.Fatalf("%d constant group sizes in the host code, %d tunable", len(hosts), len(params))
			}
			for _, ln := range hosts {
				size, _ := strconv.ParseInt(ln[1], 10, 64)
				if size < c.min || size > c.max {
					t.Errorf("group of %d work-items, want %d to %d", size, c.min, c.max)
				}
			}
		})
	}
}
