package rewrite

import "github.com/fcclang/fcc/soac"

// Fusion of a producer whose arrays have other uses. FuseVertical fuses a
// producer only into the single consumer of the arrays it reads; when an
// array is also used elsewhere (a loop's result, another kernel), the
// producer and its consumer stay two passes over the same index space,
// the second reading back what the first wrote. Fused, one pass computes
// both and still stores the shared array: no work is repeated and one
// launch and one read of the array are saved (MD's position update
// x + dt*v, whose velocities v are also carried to the next step, fuses
// into the force kernel computing v).
//
// A producer cheap enough to recompute is left to FuseVerticalCheap, which
// fuses a copy into each consumer and stores nothing.

// FuseVerticalShared fuses a producer screma into a consumer of its
// mapped-out arrays that have other uses too; those arrays stay results of
// the fused screma.
var FuseVerticalShared = &Rule{
	Name: "fuse-vertical-shared",
	Doc:  "producer screma → consumer screma, the producer's arrays kept for their other uses",
	Match: func(c *Ctx, s *soac.Stm) any {
		return matchVertical(c, s, func(p *producer) bool {
			return !consumedOnly(c, s.Exp.(*soac.ScremaExp), p) && !cheapProducer(c, p)
		})
	},
	Apply: applyVertical,
}
