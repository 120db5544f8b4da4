package flatten

import "github.com/fcclang/fcc/soac"

// manifest is rule G1 (with G3 closing the recursion):
//
//	Σ ⊢ map (\x -> e) y ⇒ e'            (G1)       ∅ ⊢ e ⇒ e   (G3)
//	─────────────────────
//	Σ, M x y ⊢ e ⇒ e'
//
// the map-nest context Σ becomes a segmap around body, whose statements
// (inner SOACs, loops, ifs and all) run sequentially in each work-item. arrays receive
// body's results over the context's space. The flattener applies it only
// when no other rule does: to a group of sequential statements that rule
// G4 split off, to a body without exploitable parallelism, and as the
// outer-only version of multi-versioned code.
func (f *flattener) manifest(n *nest, body *soac.Body, arrays []soac.Param) *soac.Stm {
	ts := make([]soac.Type, len(arrays))
	for i, a := range arrays {
		ts[i] = n.rowType(a.Type)
	}
	return &soac.Stm{
		Pat: arrays,
		Exp: &soac.SegMapExp{Level: soac.LevelThread, Space: n.dims, Body: n.manifest(body), Types: ts},
		Pos: n.pos,
	}
}
