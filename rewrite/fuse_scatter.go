package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Fusion into scatters. A scatter reads its inputs one element at a time
// through its lambda, like a screma's map lambda, so a map producing the
// indices or values fuses into it the same way (Futhark's map-into-scatter
// fusion): one kernel computes and writes each element, instead of one
// kernel writing the indices and values to memory and a second reading
// them back. In a host loop this halves the launches per iteration.
//
// The fused lambda runs while the scatter writes its destinations, so the
// producer must not read them (or anything that may share their memory):
// a work-item could read an element another one has already overwritten.
// Before fusion the whole map has finished before the first write.

// FuseScatterMap fuses a map-only screma producing inputs of a scatter,
// with the same width, into the scatter's lambda. The producer's arrays
// must have no other use (the producer is dropped), nothing between the
// two may use them, and the producer must not read the destinations.
var FuseScatterMap = &Rule{
	Name: "fuse-scatter-map",
	Doc:  "map producer → scatter lambda",
	Match: func(c *Ctx, s *soac.Stm) any {
		se, ok := s.Exp.(*soac.ScatterExp)
		if !ok {
			return nil
		}
		bare := *se
		bare.Inputs = nil
		notDests := func(pe *soac.ScremaExp) bool { return !readsDests(c, pe, se) }
		if ps := mapProducer(c, s, se.W, se.Inputs, &bare, notDests); ps != nil {
			return ps
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ps := m.(*soac.Stm)
		ne := *s.Exp.(*soac.ScatterExp)
		ne.Inputs, ne.Lambda = composeProducer(ps, ne.Inputs, ne.Lambda)
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}, Drop: []*soac.Stm{ps}}
	},
}

// readsDests reports whether the producer pe may read the memory of one
// of the scatter's destinations: it names a destination, or an array
// whose definition in this body may share memory with one (a view, or
// the result of an expression that can return its operands' memory).
func readsDests(c *Ctx, pe *soac.ScremaExp, se *soac.ScatterExp) bool {
	dests := map[soac.VName]bool{}
	for _, d := range se.Dests {
		for n := range aliasRoots(c, d.Arr) {
			dests[n] = true
		}
	}
	for n := range soac.FreeInExp(pe) {
		for r := range aliasRoots(c, n) {
			if dests[r] {
				return true
			}
		}
	}
	return false
}

// aliasRoots returns n and every name whose memory n may share, following
// definitions in scope through expressions that may return (part of)
// their operands' memory. Arrays built afresh (iota, replicate, copy,
// concat, literals, scremas) end the chain; scalars share nothing.
func aliasRoots(c *Ctx, n soac.VName) map[soac.VName]bool {
	roots := map[soac.VName]bool{}
	var walk func(n soac.VName)
	walk = func(n soac.VName) {
		if roots[n] {
			return
		}
		roots[n] = true
		if t, ok := c.TypeOf(n); ok && t.Rank() == 0 {
			return
		}
		d := c.Def(n)
		if d == nil {
			return // a parameter: distinct parameters do not alias
		}
		switch d.Exp.(type) {
		case *soac.IotaExp, *soac.ReplicateExp, *soac.ArrayLitExp, *soac.CopyExp,
			*soac.ConcatExp, *soac.ScremaExp:
			return
		}
		for m := range soac.FreeInExp(d.Exp) {
			walk(m)
		}
	}
	walk(n)
	return roots
}
