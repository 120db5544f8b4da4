package flatten

import "github.com/fcclang/fcc/soac"

// mapNest handles a pure map e inside the context n (rule G2): the map
// extends the context; if its body is again a perfect nest whose size does
// not depend on the context (a regular nest), flattening continues inside,
// otherwise the context is manifested around the body (G1/G3).
func (f *flattener) mapNest(n *nest, e *soac.ScremaExp, pos soac.Pos) soac.Exp {
	m := f.extend(n, e.W, e.Inputs, e.Map, pos)
	if inner := singleSoac(e.Map.Body); inner != nil && len(inner.Scans) == 0 && !m.variant(inner.W) {
		if len(inner.Reds) == 0 {
			return f.mapNest(m, inner, pos)
		}
		if m.reductionInvariant(inner.Reds) {
			return f.segRed(m, inner, pos)
		}
	}
	return manifestMap(m, e.Map)
}
