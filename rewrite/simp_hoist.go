package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Hoisting of invariant code: a statement of a loop body that does not
// depend on the loop's merge parameters, its index or anything computed
// from them computes the same value in every iteration, and likewise a
// statement of a map lambda that does not depend on the lambda's
// parameters. Moving it before the loop (the map) computes it once.
//
// Moving it changes when it runs: before, it ran once per iteration (per
// element), so not at all when the loop runs zero times (the array is
// empty). A statement that might fail (an index, a division by a
// variable, an iota of a size that might be negative) or might not
// terminate is therefore hoisted only when the loop certainly runs (its
// bound, the map's width, is a positive constant). Statements with effects
// or that consume arrays stay where they are.

// invariantSplit splits the statements of a body into those that do not
// depend on the names in variant (and may be hoisted) and the rest.
func invariantSplit(c *Ctx, b *soac.Body, variant map[soac.VName]bool, runs bool) (hoist, keep []*soac.Stm) {
	v := make(map[soac.VName]bool, len(variant))
	for n := range variant {
		v[n] = true
	}
	for _, s := range b.Stms {
		ok := !usesAny(s, v) && !hasEffect(s.Exp) && !consumes(s.Exp) && (runs || !canFail(c, s.Exp))
		for _, p := range s.Pat {
			if c.Consumed(p.Name) {
				ok = false
			}
		}
		if ok {
			hoist = append(hoist, s)
			continue
		}
		keep = append(keep, s)
		for _, p := range s.Pat {
			v[p.Name] = true
		}
	}
	return hoist, keep
}

type hoisted struct {
	hoist []*soac.Stm
	exp   soac.Exp
}

// positive reports whether an operand is a constant greater than zero.
func positive(c *Ctx, x soac.SubExp) bool {
	k, ok := c.Const(x)
	return ok && k.Int() > 0
}

// HoistLoop moves loop-invariant statements out of a loop body.
var HoistLoop = &Rule{
	Name: "hoist-loop-invariant",
	Doc:  "move statements that do not depend on the loop out of its body",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.LoopExp)
		if !ok {
			return nil
		}
		variant := map[soac.VName]bool{}
		for _, p := range e.Params {
			variant[p.Name] = true
		}
		runs := false
		if f, ok := e.Form.(soac.ForLoop); ok {
			variant[f.Index] = true
			runs = positive(c, f.Bound)
		}
		hoist, keep := invariantSplit(c, e.Body, variant, runs)
		if len(hoist) == 0 {
			return nil
		}
		return &hoisted{hoist, &soac.LoopExp{Params: e.Params, Init: e.Init, Form: e.Form, Body: &soac.Body{Stms: keep, Result: e.Body.Result}}}
	},
	Apply: applyHoist,
}

// HoistMap moves statements that do not depend on the lambda's
// parameters out of the map lambda of a screma.
var HoistMap = &Rule{
	Name: "hoist-map-invariant",
	Doc:  "move statements that do not depend on the map lambda's parameters out of it",
	Match: func(c *Ctx, s *soac.Stm) any {
		e, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		variant := map[soac.VName]bool{}
		for _, p := range e.Map.Params {
			variant[p.Name] = true
		}
		hoist, keep := invariantSplit(c, e.Map.Body, variant, positive(c, e.W))
		if len(hoist) == 0 {
			return nil
		}
		ne := *e
		ne.Map = &soac.Lambda{Params: e.Map.Params, Body: &soac.Body{Stms: keep, Result: e.Map.Body.Result}, RetType: e.Map.RetType}
		return &hoisted{hoist, &ne}
	},
	Apply: applyHoist,
}

func applyHoist(c *Ctx, s *soac.Stm, m any) *Replacement {
	h := m.(*hoisted)
	return &Replacement{Stms: append(append([]*soac.Stm(nil), h.hoist...), &soac.Stm{Pat: s.Pat, Exp: h.exp, Pos: s.Pos})}
}
