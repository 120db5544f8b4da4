package tiling_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// TestLoopReductionMeaning runs the entry points of
// testdata/loop_branch.fut that loop-reduction rewrites through the
// interpreter before the tiling pass and after it, with the tiled
// versions forced (their thresholds 0) and with them off, on random
// inputs of sizes that include 0 and 1: the results must be the same
// bit for bit (the hoisted reduction folds in the loop's order).
func TestLoopReductionMeaning(t *testing.T) {
	var flat *soac.Program
	if _, err := pipeline.CompileFile("testdata/loop_branch.fut", func(pass string, p *soac.Program) {
		if pass == "simplify-flat" {
			flat = p
		}
	}); err != nil {
		t.Fatal(err)
	}
	out, log, err := tiling.Explain(flat)
	if err != nil {
		t.Fatal(err)
	}
	var tiled []string
	for _, th := range out.Thresholds {
		if strings.Contains(th.Name, ".tile_") {
			tiled = append(tiled, th.Name)
		}
	}
	rng := rand.New(rand.NewSource(1))
	f32s := func(shape ...int64) soac.Value {
		a := values.NewArray(values.F32, shape)
		for i := range a.Data.([]float32) {
			a.Data.([]float32)[i] = float32(rng.Intn(2001)-1000) / 64
		}
		return soac.ArrVal(a)
	}
	i32s := func(shape ...int64) soac.Value {
		a := values.NewArray(values.I32, shape)
		for i := range a.Data.([]int32) {
			a.Data.([]int32)[i] = int32(rng.Intn(7) - 3)
		}
		return soac.ArrVal(a)
	}
	tests := []struct {
		entry string
		args  func(n, k, m int64) []soac.Value
	}{
		{"main", func(n, k, m int64) []soac.Value {
			return []soac.Value{f32s(n, k), f32s(k, m), f32s(n, m), soac.PrimVal(soac.IntValue(values.I64, n/3))}
		}},
		{"product", func(n, k, m int64) []soac.Value {
			return []soac.Value{i32s(k, n), i32s(k, m), soac.PrimVal(soac.IntValue(values.I32, 1))}
		}},
	}
	sizes := [][3]int64{{0, 3, 4}, {5, 0, 7}, {1, 1, 1}, {9, 5, 17}, {20, 33, 3}}
	for _, tc := range tests {
		if !strings.Contains(log, tc.entry+": ") || !strings.Contains(log, "via loop-reduction") {
			t.Fatalf("%s: not tiled via loop-reduction:\n%s", tc.entry, log)
		}
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s/%v", tc.entry, sz), func(t *testing.T) {
				args := tc.args(sz[0], sz[1], sz[2])
				want, err := soac.NewInterpreter(flat).RunEntry(tc.entry, args)
				if err != nil {
					t.Fatal(err)
				}
				for _, force := range []int64{0, 1 << 40} {
					in := soac.NewInterpreter(out)
					for _, name := range tiled {
						in.SetThreshold(name, force)
					}
					got, err := in.RunEntry(tc.entry, args)
					if err != nil {
						t.Fatal(err)
					}
					if g, w := fmt.Sprint(got[0].ToRuntime()), fmt.Sprint(want[0].ToRuntime()); g != w {
						t.Errorf("threshold %d: got\n%s\nwant\n%s", force, g, w)
					}
				}
			})
		}
	}
}
