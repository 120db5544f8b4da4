package lower

import (
	"fmt"
	"slices"

	"github.com/fcclang/fcc/soac"
)

// This file records the temporal blocking of stencil loops (issue 22 item
// 4): a host loop whose step is a one-dimensional map reading its carried
// array at constant offsets from the map's index (soac.StencilShape and
// StencilRadius) gets a soac.StencilPlan, a version that computes several
// steps per launch in local memory, as the hand-written pyramid kernels
// of Rodinia's pathfinder do. The plan is multi-versioned by a threshold
// on the array's length that the program declares, so fcc autotune and
// --param can turn it off.

// stencilTiles are the cells of a tile per dimension of the array, by
// its rank: one cell a work-item, 256 work-items a work-group (as the
// hand-written pyramid kernels of Rodinia's pathfinder and HotSpot have
// them: bench/apps/cuda/).
var stencilTiles = map[int][]int{1: {256}, 2: {16, 16}}

// stencilWideTiles are the tiles of a plan's wide version (soac.StencilPlan's
// Wide), by rank: 1024 work-items, as many as NVIDIA's and AMD's devices
// take in a work-group, four times the cells of stencilTiles and as many
// more steps as keep the same share of repeated work. On an H200
// (probe-hot/, /work/wt/prof/hot-1 and hot-2): HotSpot (1024^2 cells,
// 1000 steps) took 4.65 ms in 32 x 32 tiles of 4 steps, 6.35 in 16 x 16
// of 2 and CUDA's (Rodinia's) 16 x 16 of 2 5.78 (32 x 32 of 3, 6 and 8
// steps: 5.11, 5.23, 6.76; 16 x 64 of 4: 5.74); pathfinder (100 rows of
// 10^5) 52-55 us in tiles of 1024 cells and 64 steps, 59-65 in 256 of 16.
var stencilWideTiles = map[int][]int{1: {1024}, 2: {32, 32}}

// stencilSteps is the steps per launch for a stencil of radius r on tiles
// of side cells along each dimension: as many as keep the halo (2*r*steps
// cells of a side, which two work-groups compute) within 1/share of the
// side, at most 64; 0 when fewer than 2 fit, where a launch would save
// nothing to pay for its halo.
func stencilSteps(r, side, share int) int {
	k := 64
	for k > 1 && 2*r*k*share > side {
		k /= 2
	}
	if r < 1 || k < 2 || 2*r*k*share > side {
		return 0
	}
	return k
}

// stencilShare is 1/share of a tile's side that its halo may take, by
// the array's rank: an eighth of a row (pathfinder's 256 cells, 16 steps
// of radius 1), a quarter of a side of a 2-D tile (HotSpot's 16 x 16
// cells, 2 steps of radius 1, as Rodinia's pyramid height).
var stencilShare = map[int]int{1: 8, 2: 4}

// stencilCPURedundancy is the most work a blocked version may repeat (its
// halo's, per cell written) and still run on a CPU device, where a launch
// costs little and a barrier is a loop over the work-group: on PoCL here,
// pathfinder's 1-D tiles (14% repeated) ran 2x faster than the plain
// loop, HotSpot's 2-D tiles (78%) 1.3x slower.
const stencilCPURedundancy = 0.25

// stencilGPUOnly says whether a plan's blocked version is off by default
// on CPU devices (its threshold's gpu_only): where its halo repeats more
// than stencilCPURedundancy of the work.
func stencilGPUOnly(plan *soac.StencilPlan) bool {
	return plan.Redundancy() > stencilCPURedundancy
}

// stencilMaxCells is the largest array a blocked version whose halo
// repeats more than stencilCPURedundancy of the work takes on a GPU: on
// an H200, HotSpot's 16 x 16 tiles (78% repeated) ran 1.6x faster than the
// plain loop on 1024 x 1024 cells, where a step is bound by its launch,
// and 1.33x slower on 4096 x 4096, where it is bound by memory bandwidth
// (bench/RESULTS.md). 2^21 cells lies between.
const stencilMaxCells = 1 << 21

// stencilThresholdDefault is the default of a stencil loop's threshold:
// the blocked version as soon as the array has cells, since it saves all
// but one launch in Steps whatever the size.
const stencilThresholdDefault = 1

// recordStencils gives every host loop of p that is a stencil loop its
// plan, and declares the plans' thresholds in p.
func recordStencils(p *soac.Program) error {
	declared := map[string]bool{}
	for _, th := range p.Thresholds {
		declared[th.Name] = true
	}
	for _, f := range p.Funs {
		outer := map[soac.VName]soac.Exp{}
		var visit func(b *soac.Body)
		visit = func(b *soac.Body) {
			for _, s := range b.Stms {
				if len(s.Pat) == 1 {
					outer[s.Pat[0].Name] = s.Exp
				}
				switch e := s.Exp.(type) {
				case *soac.IfExp:
					visit(e.Then)
					visit(e.Else)
				case *soac.LoopExp:
					visit(e.Body)
					plan, err := planStencil(e, outer)
					if err != nil || len(s.Pat) != 1 {
						continue
					}
					plan.Threshold = fmt.Sprintf("%s.stencil_%s", f.Name, s.Pat[0].Name)
					if plan.Wide != nil {
						plan.Wide.Threshold = plan.Threshold + "_wide"
					}
					// The wide version's threshold first: --print-params
					// lists it first, and fcc autotune tunes the other
					// (on its else branch) before it.
					// A wide version is off by default on CPU devices:
					// it was measured on GPUs only.
					for _, v := range []*soac.StencilPlan{plan.Wide, plan} {
						if v == nil || declared[v.Threshold] {
							continue
						}
						declared[v.Threshold] = true
						p.Thresholds = append(slices.Clip(p.Thresholds), soac.Threshold{Name: v.Threshold, Default: stencilThresholdDefault, GPUOnly: v == plan.Wide || stencilGPUOnly(v)})
					}
					e.Stencil = plan
				}
				// Seg-op bodies are kernels: their loops are not host loops.
			}
		}
		visit(f.Body)
	}
	return nil
}

// planStencil is the plan of a stencil loop (without its threshold's
// name), or why the loop is none.
func planStencil(e *soac.LoopExp, outer map[soac.VName]soac.Exp) (*soac.StencilPlan, error) {
	sl, err := soac.StencilShape(e)
	if err != nil {
		return nil, err
	}
	r, err := sl.StencilRadius(outer)
	if err != nil {
		return nil, err
	}
	if r < 1 {
		return nil, fmt.Errorf("the segmap reads %s only at its own index: no stencil", sl.Array.Name)
	}
	rank := sl.Array.Type.Rank()
	tile := stencilTiles[rank]
	k := stencilSteps(r, tile[0], stencilShare[rank])
	if k == 0 {
		return nil, fmt.Errorf("radius %d leaves tiles of %v cells no room for two steps", r, tile)
	}
	plan := &soac.StencilPlan{Steps: k, Tile: slices.Clone(tile), Radius: r, NarrowOffsets: narrowOffsets(sl.SegMap())}
	if stencilGPUOnly(plan) {
		plan.MaxCells = stencilMaxCells
	}
	if wide := stencilWideTiles[rank]; wide != nil {
		if kw := stencilSteps(r, wide[0], stencilShare[rank]); kw > k {
			// No max_cells: HotSpot at 4096^2 x 100 took 7.31 ms in the
			// wide version, 7.90 in the plain loop, 9.86 in 16 x 16 tiles.
			plan.Wide = &soac.StencilPlan{Steps: kw, Tile: slices.Clone(wide), Radius: r, NarrowOffsets: plan.NarrowOffsets}
		}
	}
	return plan, nil
}
