package rewrite

import "github.com/fcclang/fcc/soac"

// inLambda reports whether the current body is inside a SOAC's lambda
// (at any depth), not host code or a host loop's body.
func inLambda(c *Ctx) bool {
	for sc := c.sc; sc != nil; sc = sc.parent {
		if sc.owner == nil {
			continue
		}
		switch sc.owner.Exp.(type) {
		case *soac.LoopExp, *soac.IfExp:
		default:
			return true
		}
	}
	return false
}

// hasInnerSOAC reports whether a body holds a parallel construct, at any
// depth (SOACs inside loops and branches included).
func hasInnerSOAC(b *soac.Body) bool {
	found := false
	soac.VisitExps(b, func(x soac.Exp) {
		switch x.(type) {
		case *soac.ScremaExp, *soac.ScatterExp, *soac.HistExp:
			found = true
		}
	})
	return found
}

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
// fuses a copy into each consumer and stores nothing. The rule keeps to
// host code: a producer with parallelism inside (a SOAC in its lambda)
// stays apart, since flattening splits it into its own kernels anyway
// and a fused reduction around it would lose the inner parallelism
// (power iteration's matrix-vector product and norm); and inside a SOAC's
// lambda, code is left in the shapes flattening's intra-group versions
// recognise (a row's map, then reductions and maps over it).

// FuseVerticalShared fuses a producer screma into a consumer of its
// mapped-out arrays that have other uses too; those arrays stay results of
// the fused screma.
var FuseVerticalShared = &Rule{
	Name: "fuse-vertical-shared",
	Doc:  "producer screma → consumer screma, the producer's arrays kept for their other uses",
	Match: func(c *Ctx, s *soac.Stm) any {
		if inLambda(c) {
			return nil
		}
		return matchVertical(c, s, func(p *producer) bool {
			return !consumedOnly(c, s.Exp.(*soac.ScremaExp), p) && !cheapProducer(c, p) && !hasInnerSOAC(p.e.Map.Body)
		})
	},
	Apply: applyVertical,
}
