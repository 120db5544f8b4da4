package prove

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file bounds the i64 merge parameters of loops by induction: an
// interval [lo, hi] that holds the parameter's initial value, and that
// holds the body's result for it whenever the parameter lies in it,
// holds the parameter in every iteration and the loop's result. LU's
// block size, `loop b = 32 while n % b != 0 do b / 2`, lies in [0, 32],
// so the indices of the block's kernel fit 32 bits (narrow.go).

// invariants records in pr.inv the invariant bounds of loop e's i64
// merge parameters, and of its results s binds, that it finds where env
// holds. The intervals tried are the initial value's constant bounds,
// and those stretched to 0 (a loop that halves or counts down).
func (pr *pass) invariants(env *rangeEnv, s *soac.Stm, e *soac.LoopExp) {
	for k, q := range e.Params {
		if q.Type.Rank() != 0 || q.Type.Elem != values.I64 || k >= len(e.Init) || k >= len(e.Body.Result) {
			continue
		}
		p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{},
			memo: map[soac.VName]rng{}, cLo: map[soac.VName]optInt{}, cHi: map[soac.VName]optInt{}}
		lo, hi, okLo, okHi := p.consts(e.Init[k])
		if !okLo || !okHi {
			continue
		}
		for _, iv := range [][2]int64{{lo, hi}, {min(lo, 0), max(hi, 0)}} {
			if env.keeps(q.Name, iv, e.Body.Result[k]) {
				pr.inv[q.Name] = iv
				if k < len(s.Pat) {
					pr.inv[s.Pat[k].Name] = iv
				}
				break
			}
		}
	}
}

// keeps reports whether result r lies in iv whenever parameter q does.
func (env *rangeEnv) keeps(q soac.VName, iv [2]int64, r soac.SubExp) bool {
	old, had := env.inv[q]
	env.inv[q] = iv
	defer func() {
		if had {
			env.inv[q] = old
		} else {
			delete(env.inv, q)
		}
	}()
	p := &prover{env: env, atLeast: map[soac.VName]int64{}, atMost: map[soac.VName]int64{},
		memo: map[soac.VName]rng{}, cLo: map[soac.VName]optInt{}, cHi: map[soac.VName]optInt{}}
	lo, hi, okLo, okHi := p.consts(r)
	return okLo && okHi && lo >= iv[0] && hi <= iv[1]
}
