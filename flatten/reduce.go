package flatten

import "github.com/fcclang/fcc/soac"

// segRed turns a reduce or redomap e inside the context n into a segred
// whose innermost dimension is e's: at the top level a one-dimensional
// reduction, inside a map nest a segmented one (one segment per point of
// the context). The caller has checked that e's size, neutral elements and
// operators do not depend on the context.
func (f *flattener) segRed(n *nest, e *soac.ScremaExp, pos soac.Pos) *soac.SegRedExp {
	m := f.extend(n, e.W, e.Inputs, e.Map, pos)
	return &soac.SegRedExp{
		Level: soac.LevelThread,
		Space: m.dims,
		Reds:  e.Reds,
		Body:  m.manifest(e.Map.Body),
		Types: e.Map.RetType,
	}
}

// reductionInvariant reports whether the neutral elements and operators of
// reds are the same at every point of the context, so that one segred can
// compute all segments.
func (n *nest) reductionInvariant(reds []soac.Reduce) bool {
	for _, r := range reds {
		for _, ne := range r.Neutral {
			if n.variant(ne) {
				return false
			}
		}
		for v := range soac.FreeInLambda(r.Op) {
			if n.isParam(v) {
				return false
			}
		}
	}
	return true
}
