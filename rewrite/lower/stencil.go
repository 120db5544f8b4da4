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

// stencilTile is the work-items of a work-group of the blocked version,
// one cell each: the tile in local memory is this many cells.
const stencilTile = 256

// stencilSteps is the steps per launch for a stencil of radius r: as many
// as keep the halo (2*r*steps cells, computed by two work-groups) within
// an eighth of the tile, at most 16, at least 1; 0 when even one step's
// halo takes half the tile, where blocking computes more than it saves.
func stencilSteps(r int) int {
	if r < 1 || 4*r > stencilTile {
		return 0
	}
	k := 16
	for k > 1 && 2*r*k > stencilTile/8 {
		k /= 2
	}
	return k
}

// stencilThresholdDefault is the default of a stencil loop's threshold:
// the blocked version as soon as the array has cells, since it saves all
// but one launch in Steps whatever the length.
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
					if !declared[plan.Threshold] {
						declared[plan.Threshold] = true
						p.Thresholds = append(slices.Clip(p.Thresholds), soac.Threshold{Name: plan.Threshold, Default: stencilThresholdDefault})
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
	k := stencilSteps(r)
	if k == 0 {
		return nil, fmt.Errorf("radius %d leaves a tile of %d cells no room", r, stencilTile)
	}
	return &soac.StencilPlan{Steps: k, Tile: stencilTile, Radius: r}, nil
}
