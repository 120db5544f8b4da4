package flatten

import "github.com/fcclang/fcc/soac"

// This file is rule G5, reduce-map interchange:
//
//	g = reduce (\y^(2p) -> e) n^p
//	Σ ⊢ map g (transpose z0) … (transpose z(p-1)) ⇒ e'
//	f = map (\y^(2p) -> e)
//	──────────────────────────────────────────────
//	Σ ⊢ reduce f (replicate k n)^p z^p ⇒ e'
//
// A reduction whose operator is a vectorised (mapped) scalar operator and
// whose neutral elements are replicated scalars, as in K-means' sums of
// points per cluster, is a segmented reduction: one segment per vector
// position, over the transposed input. The premise's map over the
// transposed arrays extends the context (G2) and its reduce becomes the
// innermost dimension of a segred; the transposition is not materialised:
// the segred's body indexes the input with the two inner indices swapped
// (rule G6 folded into the index).

// g5Match is a reduction that rule G5 applies to.
type g5Match struct {
	k   soac.SubExp     // the vectors' length
	ops []*soac.Lambda  // the scalar operator of each reduction
	nes [][]soac.SubExp // the replicated scalar neutral elements of each reduction
}

// vectorised returns the G5 form of reductions whose operators are maps
// of scalar operators over their vector parameters, in order, and whose
// neutral elements are replicated scalars, all of one length k; nil when
// they are not.
func (f *flattener) vectorised(reds []soac.Reduce) *g5Match {
	m := &g5Match{}
	for _, r := range reds {
		inner := singleSoac(r.Op.Body)
		if inner == nil || len(inner.Scans) > 0 || len(inner.Reds) > 0 || len(inner.Inputs) != len(r.Op.Params) {
			return nil
		}
		for i, p := range r.Op.Params {
			if inner.Inputs[i] != p.Name || p.Type.Rank() != 1 {
				return nil
			}
		}
		for _, p := range inner.Map.Params {
			if p.Type.Rank() != 0 {
				return nil
			}
		}
		var nes []soac.SubExp
		for _, ne := range r.Neutral {
			v, ok := ne.(soac.Var)
			if !ok {
				return nil
			}
			rep, ok := f.defs[v.Name].(*soac.ReplicateExp)
			if !ok || len(rep.Shape) != 1 {
				return nil
			}
			if m.k == nil {
				m.k = rep.Shape[0]
			} else if m.k != rep.Shape[0] {
				return nil
			}
			nes = append(nes, rep.X)
		}
		m.ops = append(m.ops, inner.Map)
		m.nes = append(m.nes, nes)
	}
	return m
}

// matchG5 returns the G5 form of a plain reduction (a screma without scans
// whose map is the identity) with vectorised operators, or nil. A redomap
// is first split into a map and a plain reduction by normalise.
func (f *flattener) matchG5(e *soac.ScremaExp) *g5Match {
	if len(e.Scans) > 0 || len(e.Reds) == 0 || !identityMap(e.Map) {
		return nil
	}
	return f.vectorised(e.Reds)
}

// invariant reports whether the match's vector length, operators and
// neutral elements are the same at every point of the context.
func (m *g5Match) invariant(v variance) bool {
	if v.se(m.k) {
		return false
	}
	for i := range m.ops {
		if v.ops(m.ops[i:i+1], m.nes[i]) {
			return false
		}
	}
	return true
}

// interchangeReduce builds the segred of rule G5 for the plain reduction
// e in context n: its space is the context's, then the vector positions,
// then the reduction, and its body reads element [w, k] of each input.
func (f *flattener) interchangeReduce(n *nest, e *soac.ScremaExp, m *g5Match, pos soac.Pos) *soac.SegRedExp {
	gk, gw := f.fresh("gtid"), f.fresh("gtid")
	space := append(append([]soac.SegDim(nil), n.dims...), soac.SegDim{Index: gk, N: m.k}, soac.SegDim{Index: gw, N: e.W})
	var stms []*soac.Stm
	var res []soac.SubExp
	var ts []soac.Type
	for i, z := range e.Inputs {
		src := elem{arr: z, gen: f.hostGen(z)}
		if r, ok := n.rows[z]; ok {
			src = r
		}
		t := soac.Prim(e.Map.Params[i].Type.Elem)
		x := f.freshParam(e.Map.Params[i].Name, t)
		src.idx = append(append([]soac.SubExp(nil), src.idx...), soac.Var{Name: gw}, soac.Var{Name: gk})
		at := n.clone()
		at.pos = pos
		stms = append(stms, at.read(x, src)...)
		res = append(res, soac.Var{Name: x.Name})
		ts = append(ts, t)
	}
	reds := make([]soac.Reduce, len(e.Reds))
	for i, r := range e.Reds {
		reds[i] = soac.Reduce{Comm: r.Comm, Op: m.ops[i], Neutral: m.nes[i]}
	}
	return &soac.SegRedExp{
		Level: soac.LevelThread,
		Space: space,
		Reds:  reds,
		Body:  &soac.Body{Stms: stms, Result: res},
		Types: ts,
	}
}

// singleSoac returns the screma that is the whole of a lambda body: one
// statement whose results are the body's results, in order.
func singleSoac(b *soac.Body) *soac.ScremaExp {
	if len(b.Stms) != 1 {
		return nil
	}
	s := b.Stms[0]
	e, ok := s.Exp.(*soac.ScremaExp)
	if !ok || len(s.Pat) != len(b.Result) {
		return nil
	}
	for i, r := range b.Result {
		if v, ok := r.(soac.Var); !ok || v.Name != s.Pat[i].Name {
			return nil
		}
	}
	return e
}
