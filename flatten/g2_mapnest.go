package flatten

import "github.com/fcclang/fcc/soac"

// mapNest is rule G2, the only rule that extends the context:
//
//	Σ, M x y ⊢ e ⇒ e'
//	─────────────────────
//	Σ ⊢ map (\x -> e) y ⇒ e'
//
// a map statement s inside the context n (or at the
// top level, where n is empty) extends the context with its width and
// parameters, and flattening continues with the map's body in the
// extended context. arrays receive the map's results: over the extended
// space, a result of the body at every point is exactly an element of the
// map's result at every point of n. The caller has checked that the map's
// width and result types do not vary over n (otherwise the nest would be
// irregular and the map runs sequentially).
func (f *flattener) mapNest(n *nest, s *soac.Stm, arrays []soac.Param) []*soac.Stm {
	e := s.Exp.(*soac.ScremaExp)
	m := f.extend(n, e.W, e.Inputs, e.Map, s.Pos)
	return f.distBody(m, e.Map.Body, arrays)
}
