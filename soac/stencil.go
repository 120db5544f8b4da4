package soac

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

// StencilPlan is the lower pass's decision for a host for-loop that applies
// a one-dimensional stencil map to its loop-carried array each step
// (pathfinder: src[j-1], src[j], src[j+1] and wall[t, j] give the new
// src[j]): besides the loop of one kernel per step, the host may run
// Steps steps per launch, each work-group of Tile work-items loading Tile
// cells of the array (its interior and a halo of Radius*Steps cells on
// either side) into local memory and computing the steps there, the valid
// region shrinking by Radius per step, then writing its interior of
// Tile - 2*Radius*Steps cells. The steps left over (fewer than Steps) run
// as the plain loop. The host takes the blocked version when the array's
// length is at least the threshold Threshold and the device's work-groups
// hold Tile work-items. It does not change the loop's meaning: the
// interpreter runs the loop as written. Printed after the loop's head as
//
//	stencil steps K tile W radius R threshold "NAME"
type StencilPlan struct {
	Steps, Tile, Radius int
	Threshold           string
}

// Interior is the cells a work-group writes.
func (sp *StencilPlan) Interior() int { return sp.Tile - 2*sp.Radius*sp.Steps }

func (sp *StencilPlan) String() string {
	return fmt.Sprintf("stencil steps %d tile %d radius %d threshold %q", sp.Steps, sp.Tile, sp.Radius, sp.Threshold)
}

func (p *parser) stencilPlan() *StencilPlan {
	p.expect("stencil")
	sp := &StencilPlan{}
	p.expect("steps")
	sp.Steps = int(p.intLit())
	p.expect("tile")
	sp.Tile = int(p.intLit())
	p.expect("radius")
	sp.Radius = int(p.intLit())
	p.expect("threshold")
	sp.Threshold = p.str()
	return sp
}

// StencilLoop is a host loop taken apart for a StencilPlan: the array it
// carries, the scalar statements that compute each step's values from the
// loop index, and the one-dimensional segmap that computes the next array.
type StencilLoop struct {
	Loop  *LoopExp
	Index VName // the loop's index
	Array Param // the loop-carried array
	Pre   []*Stm
	Map   *Stm // binds a SegMapExp
}

// SegMap is the segmap of the loop's step.
func (sl *StencilLoop) SegMap() *SegMapExp { return sl.Map.Exp.(*SegMapExp) }

// StencilShape takes a loop apart as a StencilPlan needs it, or says why
// it cannot: a for-loop whose one merge parameter is a one-dimensional
// array, whose body is scalar statements followed by a one-dimensional
// segmap over that array's length, and which returns the segmap's result.
// The segmap's reads of the array (the offsets the plan's radius must
// cover) are StencilRadius's.
func StencilShape(e *LoopExp) (*StencilLoop, error) {
	f, ok := e.Form.(ForLoop)
	if !ok {
		return nil, fmt.Errorf("not a for-loop")
	}
	if len(e.Params) != 1 || e.Params[0].Type.Rank() != 1 {
		return nil, fmt.Errorf("the loop does not carry exactly one one-dimensional array")
	}
	arr := e.Params[0]
	stms := e.Body.Stms
	if len(stms) == 0 {
		return nil, fmt.Errorf("the loop's body is empty")
	}
	last := stms[len(stms)-1]
	m, ok := last.Exp.(*SegMapExp)
	if !ok || m.Tile != nil || len(m.Space) != 1 || len(last.Pat) != 1 || len(m.Types) != 1 || m.Types[0].Rank() != 0 {
		return nil, fmt.Errorf("the loop's body does not end in an untiled one-dimensional segmap of one scalar result")
	}
	if m.Types[0].Elem != arr.Type.Elem || !SameSubExp(m.Space[0].N, arr.Type.Shape[0]) {
		return nil, fmt.Errorf("the segmap does not compute an array like the loop's")
	}
	if len(e.Body.Result) != 1 || !SameSubExp(e.Body.Result[0], Var{Name: last.Pat[0].Name}) {
		return nil, fmt.Errorf("the loop's body does not return the segmap's result")
	}
	pre := stms[:len(stms)-1]
	for _, s := range pre {
		if !stencilScalarStm(s) {
			return nil, fmt.Errorf("statement binding %s before the segmap is not a scalar computation a kernel can repeat", s.Pat[0].Name)
		}
		if FreeInExp(s.Exp)[arr.Name] {
			return nil, fmt.Errorf("statement binding %s reads the loop's array", s.Pat[0].Name)
		}
	}
	return &StencilLoop{Loop: e, Index: f.Index, Array: arr, Pre: pre, Map: last}, nil
}

// stencilScalarStm reports whether s computes scalars by operations that
// cannot fail, so that a kernel can compute it in every step.
func stencilScalarStm(s *Stm) bool {
	if len(s.Pat) == 0 {
		return false
	}
	for _, p := range s.Pat {
		if p.Type.Rank() != 0 {
			return false
		}
	}
	switch e := s.Exp.(type) {
	case *SubExpExp, *CmpOpExp, *ConvOpExp:
		return true
	case *BinOpExp:
		switch e.Op {
		case Add, Sub, Mul, Max, Min:
			return true
		}
	}
	return false
}

// StencilRadius is the largest distance between a cell and a cell of the
// loop's array that the segmap reads for it, proved from the indices: each
// read of the array is at the segmap's index plus a constant, or that
// clamped to the array (max with 0 below the index, min with the length
// less one above it). outer gives the definitions of the names bound
// before the loop (for the length less one). It fails when a read cannot
// be bounded or the array is used other than by reading elements.
func (sl *StencilLoop) StencilRadius(outer map[VName]Exp) (int, error) {
	m := sl.SegMap()
	n := sl.Array.Type.Shape[0]
	// lastOf reports whether x is n - 1.
	lastOf := func(x SubExp) bool {
		v, ok := x.(Var)
		if !ok {
			return false
		}
		switch e := outer[v.Name].(type) {
		case *BinOpExp:
			c, ok := e.Y.(Const)
			return ok && SameSubExp(e.X, n) && c.Value.T.IsInt() &&
				(e.Op == Add && c.Value.Int() == -1 || e.Op == Sub && c.Value.Int() == 1)
		}
		return false
	}
	type span struct{ lo, hi int64 }
	// offs are the i64 names of the body whose value lies within
	// [gtid+lo, gtid+hi].
	offs := map[VName]span{m.Space[0].Index: {0, 0}}
	offOf := func(x SubExp) (span, bool) {
		if v, ok := x.(Var); ok {
			s, ok := offs[v.Name]
			return s, ok
		}
		return span{}, false
	}
	constOf := func(x SubExp) (int64, bool) {
		c, ok := x.(Const)
		if !ok || c.Value.T != values.I64 {
			return 0, false
		}
		return c.Value.Int(), true
	}
	const far = 1 << 20 // offsets beyond this are no stencil
	r := int64(0)
	reads := 0
	var walk func(b *Body) error
	walk = func(b *Body) error {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *SubExpExp:
				if o, ok := offOf(e.X); ok && len(s.Pat) == 1 {
					offs[s.Pat[0].Name] = o
				}
			case *BinOpExp:
				if e.T != values.I64 || len(s.Pat) != 1 {
					break
				}
				o, ok := offOf(e.X)
				if !ok {
					break
				}
				c, isConst := constOf(e.Y)
				switch {
				case e.Op == Add && isConst && c > -far && c < far:
					offs[s.Pat[0].Name] = span{o.lo + c, o.hi + c}
				case e.Op == Sub && isConst && c > -far && c < far:
					offs[s.Pat[0].Name] = span{o.lo - c, o.hi - c}
				case e.Op == Max && isConst && c == 0:
					// Below 0 it is 0, which is at most the index.
					offs[s.Pat[0].Name] = span{o.lo, max(o.hi, 0)}
				case e.Op == Min && lastOf(e.Y):
					// Above n-1 it is n-1, which is at least the index.
					offs[s.Pat[0].Name] = span{min(o.lo, 0), o.hi}
				}
			case *IndexExp:
				if e.Arr != sl.Array.Name {
					break
				}
				o, ok := offOf(e.Indices[0])
				if !ok {
					return fmt.Errorf("the read of %s at %v is not the segmap's index plus a constant", e.Arr, e.Indices[0])
				}
				r = max(r, -o.lo, o.hi)
				reads++
				continue
			case *IfExp:
				if err := walk(e.Then); err != nil {
					return err
				}
				if err := walk(e.Else); err != nil {
					return err
				}
				continue
			}
			if FreeInExp(s.Exp)[sl.Array.Name] {
				return fmt.Errorf("statement binding %s uses %s other than by reading an element", s.Pat[0].Name, sl.Array.Name)
			}
		}
		for _, x := range b.Result {
			if SameSubExp(x, Var{Name: sl.Array.Name}) {
				return fmt.Errorf("the segmap returns %s itself", sl.Array.Name)
			}
		}
		return nil
	}
	if err := walk(m.Body); err != nil {
		return 0, err
	}
	if reads == 0 {
		return 0, fmt.Errorf("the segmap does not read %s", sl.Array.Name)
	}
	return int(r), nil
}

// checkStencil is the validator's check of a loop's StencilPlan: the loop
// has the shape the plan needs, and the plan's numbers fit together.
func (v *validator) checkStencil(e *LoopExp) {
	sp := e.Stencil
	_, err := StencilShape(e)
	name := VName("stencil")
	if len(e.Params) > 0 {
		name = e.Params[0].Name
	}
	if err != nil {
		v.fail(name, "stencil plan on a loop of the wrong shape: %v", err)
		return
	}
	switch {
	case sp.Steps < 1 || sp.Radius < 1:
		v.fail(name, "stencil plan with %d steps of radius %d", sp.Steps, sp.Radius)
	case sp.Interior() < 1:
		v.fail(name, "stencil plan whose tile of %d cells has no interior after %d steps of radius %d", sp.Tile, sp.Steps, sp.Radius)
	case !v.thresholds[sp.Threshold]:
		v.fail(name, "stencil plan names the undeclared threshold %q", sp.Threshold)
	}
}
