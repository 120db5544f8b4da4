package tiling

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// This file holds the tiling rules: the shapes of SegMap body that can be
// tiled, recognised on the flattened IR. The lower pass records a match's
// roles in the SegMap (soac.TileRoles) and the backend takes the body
// apart by them (Split2D, Split1D) without matching it again.
//
// In the terms of the subdivide/exchange seed (which the matchers apply
// directly, as one fixed derivation, not as rewrite rules): the
// parallel dimensions i (and j) and the reduction dimension k of
//
//	out[i][j] = reduce op ne (map f A[i] B[j])
//
// are each subdivided into blocks, i = (ib, ii), j = (jb, jj),
// k = (kb, kk), and the map over (ii, jj) is exchanged inward past the
// sequential reduction over kb, which is legal because every (i, j)
// keeps its own accumulator and still sees k in increasing order (so the
// operator need not even be commutative). The block of A[ib] and B[jb]
// for one kb is then shared by a whole work-group, staged once in local
// memory, and each work-item keeps an R x R register tile of
// accumulators. The 1-D rule is the same with no j: a block of the
// invariant arrays is shared by all work-items of a group.

// Row is one row view in the prologue of a 2-D tileable body: Name is
// bound to Arr[gtid] where gtid is the space index of dimension Side
// (0: the outer, 1: the inner).
type Row struct {
	Name soac.VName
	Arr  soac.VName
	Side int
}

// Match2D is a 2-D tileable SegMap body taken apart:
//
//	gtid_1 < n, gtid_2 < m
//	let r_1 = A[gtid_1]  ...   (Rows: one per array and side)
//	let acc = screma k (rows) reduce ... map f
//	epilogue: scalar code using acc, gtid_1, gtid_2 and free names
//	in scalar results
type Match2D struct {
	Rows     []Row
	Red      *soac.Stm
	Screma   *soac.ScremaExp
	Epilogue []*soac.Stm
}

// Match1D is a 1-D tileable SegMap body taken apart: a prologue of any
// per-work-item code, a screma whose inputs are all arrays free in the
// SegMap (so invariant to its one dimension), and an epilogue of any code.
type Match1D struct {
	Prologue []*soac.Stm
	Red      *soac.Stm
	Screma   *soac.ScremaExp
	Epilogue []*soac.Stm
}

// reduction checks the parts of a screma both rules need: a pure
// reduction (no scans, no mapped-out arrays) over scalars.
func reduction(e *soac.ScremaExp) error {
	if len(e.Scans) > 0 {
		return fmt.Errorf("the screma scans")
	}
	if len(e.Reds) == 0 {
		return fmt.Errorf("the screma is a map, not a reduction")
	}
	n := 0
	for _, r := range e.Reds {
		n += len(r.Neutral)
		for _, p := range r.Op.Params {
			if p.Type.Rank() > 0 {
				return fmt.Errorf("the reduction operator works on arrays")
			}
		}
	}
	if len(e.Map.RetType) != n {
		return fmt.Errorf("the screma maps out arrays besides reducing")
	}
	for _, p := range e.Map.Params {
		if p.Type.Rank() > 0 {
			return fmt.Errorf("the screma's elements are arrays")
		}
	}
	return nil
}

// lambdasUse reports a name of avoid that the screma's lambdas or
// neutral elements use.
func lambdasUse(e *soac.ScremaExp, avoid map[soac.VName]bool) (soac.VName, bool) {
	free := soac.FreeInLambda(e.Map)
	for _, r := range e.Reds {
		for n := range soac.FreeInLambda(r.Op) {
			free[n] = true
		}
		for _, ne := range r.Neutral {
			if v, ok := ne.(soac.Var); ok {
				free[v.Name] = true
			}
		}
	}
	for n := range free {
		if avoid[n] {
			return n, true
		}
	}
	return "", false
}

// TwoD matches the 2-D rule; the error says why a SegMap does not match.
func TwoD(e *soac.SegMapExp, types map[soac.VName]soac.Type) (*Match2D, error) {
	if e.Level != soac.LevelThread || len(e.Space) != 2 {
		return nil, fmt.Errorf("not a 2-D thread-level segmap")
	}
	for _, t := range e.Types {
		if t.Rank() > 0 {
			return nil, fmt.Errorf("a result is an array")
		}
	}
	m := &Match2D{}
	bound := soac.BoundInBody(e.Body)
	local := map[soac.VName]bool{e.Space[0].Index: true, e.Space[1].Index: true}
	rows := map[soac.VName]int{}
	stms := e.Body.Stms
	i := 0
	for ; i < len(stms); i++ {
		s := stms[i]
		ix, ok := s.Exp.(*soac.IndexExp)
		if !ok {
			break
		}
		if len(ix.Indices) != 1 || len(s.Pat) != 1 {
			return nil, fmt.Errorf("%s is not a row of an array", s.Pat[0].Name)
		}
		v, ok := ix.Indices[0].(soac.Var)
		side := -1
		if ok {
			for d := range e.Space {
				if v.Name == e.Space[d].Index {
					side = d
				}
			}
		}
		t, known := types[ix.Arr]
		switch {
		case side < 0:
			return nil, fmt.Errorf("%s is not indexed by a space index", s.Pat[0].Name)
		case bound[ix.Arr] || !known:
			return nil, fmt.Errorf("%s indexes an array computed in the body", s.Pat[0].Name)
		case t.Rank() != 2:
			return nil, fmt.Errorf("%s is not a row of a 2-D array", s.Pat[0].Name)
		case !soac.SameSubExp(t.Shape[0], e.Space[side].N):
			// Then the index might be out of bounds, which the tiled
			// kernel does not check.
			return nil, fmt.Errorf("%s indexes an array whose outer size is not the space's", s.Pat[0].Name)
		}
		rows[s.Pat[0].Name] = len(m.Rows)
		m.Rows = append(m.Rows, Row{Name: s.Pat[0].Name, Arr: ix.Arr, Side: side})
		local[s.Pat[0].Name] = true
	}
	if i == len(stms) {
		return nil, fmt.Errorf("no reduction after the rows")
	}
	sc, ok := stms[i].Exp.(*soac.ScremaExp)
	if !ok {
		return nil, fmt.Errorf("the body is not rows followed by a reduction")
	}
	if err := reduction(sc); err != nil {
		return nil, err
	}
	sides := [2]bool{}
	for _, in := range sc.Inputs {
		k, ok := rows[in]
		if !ok {
			return nil, fmt.Errorf("the screma reads %s, which is not a row", in)
		}
		sides[m.Rows[k].Side] = true
	}
	if !sides[0] || !sides[1] {
		return nil, fmt.Errorf("the screma does not read rows of both dimensions")
	}
	if v, ok := sc.W.(soac.Var); ok && bound[v.Name] {
		return nil, fmt.Errorf("the reduction's size is computed in the body")
	}
	if n, ok := lambdasUse(sc, local); ok {
		return nil, fmt.Errorf("the reduction uses %s, which varies over the space", n)
	}
	m.Red, m.Screma = stms[i], sc
	for _, s := range stms[i+1:] {
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				return nil, fmt.Errorf("the code after the reduction binds array %s", p.Name)
			}
		}
		for n := range soac.FreeInExp(s.Exp) {
			if _, ok := rows[n]; ok {
				return nil, fmt.Errorf("the code after the reduction uses row %s", n)
			}
		}
		m.Epilogue = append(m.Epilogue, s)
	}
	for _, r := range e.Body.Result {
		if v, ok := r.(soac.Var); ok {
			if _, ok := rows[v.Name]; ok {
				return nil, fmt.Errorf("a result is a row")
			}
		}
	}
	return m, nil
}

// OneD matches the 1-D rule; the error says why a SegMap does not match.
func OneD(e *soac.SegMapExp, types map[soac.VName]soac.Type) (*Match1D, error) {
	if e.Level != soac.LevelThread || len(e.Space) != 1 {
		return nil, fmt.Errorf("not a 1-D thread-level segmap")
	}
	bound := soac.BoundInBody(e.Body)
	why := fmt.Errorf("no reduction over arrays invariant to the space")
	for i, s := range e.Body.Stms {
		sc, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			continue
		}
		if err := reduction(sc); err != nil {
			why = err
			continue
		}
		inv := true
		for _, in := range sc.Inputs {
			t, known := types[in]
			if bound[in] || !known || t.Rank() != 1 {
				inv = false
			}
		}
		if !inv {
			why = fmt.Errorf("the reduction reads arrays that vary over the space or are not 1-D")
			continue
		}
		if v, ok := sc.W.(soac.Var); ok && bound[v.Name] {
			why = fmt.Errorf("the reduction's size is computed in the body")
			continue
		}
		return &Match1D{Prologue: e.Body.Stms[:i], Red: s, Screma: sc, Epilogue: e.Body.Stms[i+1:]}, nil
	}
	return nil, why
}

// TypeEnv returns the type environment the rules read (candidateTypes),
// so that the lowering finds the same matches as tiling did.
func TypeEnv(p *soac.Program) map[soac.VName]soac.Type {
	return candidateTypes(p)
}

// Split2D takes apart a 2-D tiled body by the roles the lowering recorded
// of its match (TwoD): rows, the reduction, the epilogue.
func Split2D(e *soac.SegMapExp, roles *soac.TileRoles) (*Match2D, error) {
	stms := e.Body.Stms
	if roles == nil || len(roles.Sides) != roles.Reduction || roles.Reduction >= len(stms) {
		return nil, fmt.Errorf("tile roles that do not fit the body's %d statements", len(stms))
	}
	m := &Match2D{}
	for k, side := range roles.Sides {
		s := stms[k]
		ix, ok := s.Exp.(*soac.IndexExp)
		if !ok || len(s.Pat) != 1 || side < 0 || side > 1 {
			return nil, fmt.Errorf("statement %d is not a row of side %d", k, side)
		}
		m.Rows = append(m.Rows, Row{Name: s.Pat[0].Name, Arr: ix.Arr, Side: side})
	}
	red, sc, err := splitAt(stms, roles.Reduction)
	if err != nil {
		return nil, err
	}
	m.Red, m.Screma, m.Epilogue = red, sc, stms[roles.Reduction+1:]
	return m, nil
}

// Split1D takes apart a 1-D tiled body by the roles the lowering recorded
// of its match (OneD): prologue, the reduction, the epilogue.
func Split1D(e *soac.SegMapExp, roles *soac.TileRoles) (*Match1D, error) {
	stms := e.Body.Stms
	if roles == nil || len(roles.Sides) != 0 {
		return nil, fmt.Errorf("tile roles of a 2-D tiling on a 1-D tiled map")
	}
	red, sc, err := splitAt(stms, roles.Reduction)
	if err != nil {
		return nil, err
	}
	return &Match1D{Prologue: stms[:roles.Reduction], Red: red, Screma: sc, Epilogue: stms[roles.Reduction+1:]}, nil
}

func splitAt(stms []*soac.Stm, k int) (*soac.Stm, *soac.ScremaExp, error) {
	if k < 0 || k >= len(stms) {
		return nil, nil, fmt.Errorf("the reduction is statement %d of %d", k, len(stms))
	}
	sc, ok := stms[k].Exp.(*soac.ScremaExp)
	if !ok {
		return nil, nil, fmt.Errorf("statement %d, the reduction, is not a screma", k)
	}
	return stms[k], sc, nil
}
