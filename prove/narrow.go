package prove

import (
	"math"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file finds the i64 scalars inside kernels that fit 32 bits: every
// value they take lies in [-2^31, 2^31), by the range analysis of
// ranges.go. A kernel may hold them in 32-bit registers and compute
// them with 32-bit operations, which cost NVIDIA's GPUs a fraction of
// the 64-bit ones (a 64-bit multiply is several instructions): i64
// arithmetic wraps modulo 2^64, the analysis proves that it does not
// wrap and that its result fits, and the low 32 bits of a sum,
// difference or product depend only on those of the operands, so the
// 32-bit result is the value. Needleman-Wunsch's block sweeps its
// anti-diagonals with indices below 64 that the program computes in
// i64.

// Narrow returns the names bound inside the kernels of p for which only
// holds (nil: every kernel) that are i64 scalars fitting 32 bits: the
// results of i64 operations and copies, the index variables of i64
// for-loops whose bound does, and those of Seg-op spaces of at most
// maxNarrowPoints points. p is not modified.
func Narrow(p *soac.Program, only func(*soac.Stm) bool) map[soac.VName]bool {
	pr := &pass{defs: ScalarDefs(p), types: soac.TypeEnv(p), hostBounds: map[soac.VName]soac.SubExp{},
		inv: map[soac.VName][2]int64{}, narrow: map[soac.VName]bool{}, only: only}
	for _, f := range p.Funs {
		pr.host(f.Body, nil)
	}
	return pr.narrow
}

// collectNarrow records the i64 scalar bound by s when it fits 32 bits
// where s is, with the facts of the branches around it. It holds
// wherever the name is used: a use is in the name's scope, inside those
// branches.
func (pr *pass) collectNarrow(env *rangeEnv, s *soac.Stm) {
	if pr.narrow == nil || len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 0 || s.Pat[0].Type.Elem != values.I64 {
		return
	}
	switch e := s.Exp.(type) {
	case *soac.BinOpExp:
		if e.T != values.I64 {
			return
		}
	case *soac.SubExpExp:
	default:
		return
	}
	if env.fitsI32(s.Pat[0].Name) {
		pr.narrow[s.Pat[0].Name] = true
	}
}

// narrowIf records the i64 scalar results of if s whose results in both
// branches, walked already, fit 32 bits.
func (pr *pass) narrowIf(s *soac.Stm, e *soac.IfExp) {
	if pr.narrow == nil {
		return
	}
	fits := func(se soac.SubExp) bool {
		if c, ok := i64Const(se); ok {
			return c >= math.MinInt32 && c <= math.MaxInt32
		}
		v, ok := se.(soac.Var)
		return ok && pr.narrow[v.Name]
	}
	for k, p := range s.Pat {
		if p.Type.Rank() == 0 && p.Type.Elem == values.I64 && k < len(e.Then.Result) && k < len(e.Else.Result) &&
			fits(e.Then.Result[k]) && fits(e.Else.Result[k]) {
			pr.narrow[p.Name] = true
		}
	}
}

// maxNarrowPoints bounds the points of a Seg-op space whose indices are
// narrowed: its work-items count the points in int, a group's stepping
// by the group's size past the last (2^30 leaves room for any group).
const maxNarrowPoints = 1 << 30

// narrowSpace records the index variables of Seg-op space sp, just
// bound, when its points provably number at most maxNarrowPoints: all of
// them or none, as the kernel counts the points in one int.
func (pr *pass) narrowSpace(env *rangeEnv, sp []soac.SegDim) {
	if pr.narrow == nil {
		return
	}
	p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{},
		memo: map[soac.VName]rng{}, cLo: map[soac.VName]optInt{}, cHi: map[soac.VName]optInt{}}
	points := int64(1)
	for _, d := range sp {
		_, hi, _, ok := p.consts(d.N)
		if !ok || hi < 0 {
			return
		}
		var fits bool
		if points, fits = mulK(points, hi); !fits || points > maxNarrowPoints {
			return
		}
	}
	for _, d := range sp {
		pr.narrow[d.Index] = true
	}
}

// narrowIndex records index variable x, just bound, when it fits 32 bits.
func (pr *pass) narrowIndex(env *rangeEnv, x soac.VName) {
	if pr.narrow != nil && env.fitsI32(x) {
		pr.narrow[x] = true
	}
}

// fitsI32 reports whether every value of name x provably lies in
// [-2^31, 2^31), where env holds (as inBounds, rounds included).
func (env *rangeEnv) fitsI32(x soac.VName) bool {
	p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{}}
	for round := 0; round < 4; round++ {
		p.memo = map[soac.VName]rng{}
		p.cLo = map[soac.VName]optInt{}
		p.cHi = map[soac.VName]optInt{}
		p.grew = false
		lo, okLo := p.constLo(x)
		hi, okHi := p.constHi(x)
		if okLo && okHi && lo >= math.MinInt32 && hi <= math.MaxInt32 {
			return true
		}
		if !p.grew {
			return false
		}
	}
	return false
}
