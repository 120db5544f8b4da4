package prove

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file decides i64 comparisons inside kernels that the range
// analysis fixes where they are made, as Go's prove pass removes the
// branches it proves: the comparison becomes its constant, and the code
// generator's compiler drops the branch it guards. Needleman-Wunsch's
// block reads a cell through `if i == 0 then north[j] else if j == 0
// then west[i - 1] else inner[...]` at i = t + 1 and at j = d + 2 - t
// where j >= 1: two of the step's six branches are always false, and
// the work-items of a warp take different sides of each branch left.

// decide returns the value of the signed i64 comparison e where env
// holds, and whether the analysis fixes it.
func (env *rangeEnv) decide(e *soac.CmpOpExp) (value, decided bool) {
	if e.T != values.I64 {
		return false, false
	}
	p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{}}
	for round := 0; round < 4; round++ {
		p.memo = map[soac.VName]rng{}
		p.cLo = map[soac.VName]optInt{}
		p.cHi = map[soac.VName]optInt{}
		p.grew = false
		// x - y lies in [lo, hi], where known.
		lo, hi, okLo, okHi := p.difference(e.X, e.Y)
		switch e.Op {
		case soac.Lt:
			if okHi && hi <= -1 {
				return true, true
			}
			if okLo && lo >= 0 {
				return false, true
			}
		case soac.Le:
			if okHi && hi <= 0 {
				return true, true
			}
			if okLo && lo >= 1 {
				return false, true
			}
		case soac.Eq:
			if okHi && hi <= -1 || okLo && lo >= 1 {
				return false, true
			}
			if okLo && okHi && lo == 0 && hi == 0 {
				return true, true
			}
		}
		if !p.grew {
			break
		}
	}
	return false, false
}

// difference bounds x - y in mathematical integers, where known: by
// their constant bounds, and by bounds of each on the other (x <= y + k,
// y <= x + k).
func (p *prover) difference(x, y soac.SubExp) (lo, hi int64, okLo, okHi bool) {
	lx, hx, okLx, okHx := p.consts(x)
	ly, hy, okLy, okHy := p.consts(y)
	if okLx && okHy {
		lo, okLo = subK(lx, hy)
	}
	if okHx && okLy {
		hi, okHi = subK(hx, ly)
	}
	tighten := func(l, h int64, okL, okH bool) {
		if okL && (!okLo || l > lo) {
			lo, okLo = l, true
		}
		if okH && (!okHi || h < hi) {
			hi, okHi = h, true
		}
	}
	if yv, ok := y.(soac.Var); ok {
		// x >= y + k, x <= y + k.
		r := p.rangeOf(x)
		l, okL := r.lo[yv.Name]
		h, okH := r.hi[yv.Name]
		tighten(l, h, okL, okH)
	}
	if xv, ok := x.(soac.Var); ok {
		// y <= x + k gives x - y >= -k; y >= x + k gives x - y <= -k.
		r := p.rangeOf(y)
		h, okH := r.hi[xv.Name]
		l, okL := r.lo[xv.Name]
		var nl, nh int64
		var okNL, okNH bool
		if okH {
			nl, okNL = subK(0, h)
		}
		if okL {
			nh, okNH = subK(0, l)
		}
		tighten(nl, nh, okNL, okNH)
	}
	return lo, hi, okLo, okHi
}

// decideStm replaces the i64 comparison s binds, in a kernel, by its
// value where the analysis fixes it.
func (pr *pass) decideStm(env *rangeEnv, s *soac.Stm) {
	e, ok := s.Exp.(*soac.CmpOpExp)
	if !ok || !pr.mark {
		return
	}
	if v, ok := env.decide(e); ok {
		s.Exp = &soac.SubExpExp{X: soac.Const{Value: soac.BoolValue(v)}}
	}
}
