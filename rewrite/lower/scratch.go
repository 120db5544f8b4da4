package lower

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// privateScratchCap is the most elements a per-work-item array of a
// segmap's private-memory version holds (soac.ScratchPlan): 64 elements
// of at most 8 bytes, 512 bytes a work-item and array, which NVIDIA's
// compilers keep in the L1-cached stack and CPUs in cache. Arrays of
// that size in global scratch memory put a global store and load on
// every dependent step of a work-item's loop (LU's panels: forward
// substitutions of a block's 32 elements, 53 us a step on an H200 for
// 2048 work-items).
const privateScratchCap = 64

// privateScratchBytes is the most private memory a work-item's arrays of
// a private-scratch version take at privateScratchCap elements each
// (a kernel whose arrays would take more gets none): 1 KiB, four f32
// arrays or two of f64, which stays in NVIDIA's L1 for a few warps per
// compute unit and in the stack PoCL gives a work-group of 256.
const privateScratchBytes = 1024

// scratchPlan is the rule for where a segmap's per-work-item arrays live
// (soac.Lowering.Scratch): for a map of one point per work-item whose
// body makes arrays, a private-memory version beside the global one,
// chosen at run time when the arrays fit privateScratchCap; nil
// otherwise (streaming and rows maps make no arrays of their own, and a
// segmap_group's live in local memory).
func scratchPlan(e *soac.SegMapExp, plan soac.PointsPlan) *soac.ScratchPlan {
	if e.Level != soac.LevelThread || plan.Rule != soac.RuleOnePerItem || !makesArrays(e.Body) {
		return nil
	}
	return &soac.ScratchPlan{Rule: soac.ScratchPrivate, Cap: privateScratchCap, Bytes: privateScratchBytes,
		Why: fmt.Sprintf("the body makes arrays of its own: a version with each in private memory, "+
			"launched when every one holds at most %d elements, keeps a work-item's loads and stores of them out of global memory", privateScratchCap)}
}

// makesArrays reports whether a body binds an array that may need memory
// of its own: any array but an index or slice of another (views), a
// loop's array parameter included. Nested Seg-ops are not searched (a
// thread-level body holds none).
func makesArrays(b *soac.Body) bool {
	found := false
	soac.VisitStms(b, func(s *soac.Stm) {
		if found {
			return
		}
		switch e := s.Exp.(type) {
		case *soac.IndexExp, *soac.SliceExp, *soac.RearrangeExp, *soac.ReshapeExp:
			return
		case *soac.LoopExp:
			for _, p := range e.Params {
				if p.Type.Rank() > 0 {
					found = true
					return
				}
			}
		}
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				found = true
				return
			}
		}
	})
	return found
}
