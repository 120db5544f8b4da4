package soac

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// StencilPlan is the lower pass's decision for a host for-loop that applies
// a stencil map to its loop-carried array of one or two dimensions each
// step (pathfinder: src[j-1], src[j], src[j+1] and wall[t, j] give the new
// src[j]; HotSpot: the 5-point stencil of a grid): besides the loop of one
// kernel per step, the host may run Steps steps per launch, each
// work-group of Tile[0] x ... work-items loading as many cells of the
// array (its interior and a halo of Radius*Steps cells on every side)
// into local memory and computing the steps there, the valid region
// shrinking by Radius per step, then writing its interior of
// Tile[d] - 2*Radius*Steps cells a dimension. The steps left over (fewer
// than Steps) run as the plain loop. The host takes the blocked version
// when the array has at least Threshold cells and the device's
// work-groups hold the tile's work-items; whether it does so on a CPU
// device (where barriers are loops over the work-items and launches cost
// little) is the threshold's declaration (Threshold.GPUOnly). It does not change the loop's meaning: the
// interpreter runs the loop as written. MaxCells, where above 0, is the
// largest array the blocked version takes: past it a step is bound by
// memory bandwidth, not by its launch, and the halo's repeated work costs
// more than the launches saved. NarrowOffsets makes the blocked kernel's
// element offsets 32 bits where the runtime launches its FCC_IX32 build,
// as Lowering.NarrowOffsets does a segmap's. Wide, where set, is another
// blocked version of the same loop with larger tiles and more steps per
// launch, which the host takes first, where its own threshold holds and
// the device's work-groups hold its tile (fewer launches and the same
// share of repeated work: HotSpot's 32 x 32 tiles of 4 steps against
// 16 x 16 of 2). Printed after the loop's head as
//
//	stencil steps K tile (W, ...) radius R [max_cells N] [narrow_offsets] threshold "NAME" [wide stencil ...]
type StencilPlan struct {
	Steps, Radius int
	Tile          []int // cells of a tile per dimension, outermost first
	MaxCells      int64
	NarrowOffsets bool
	Threshold     string
	Wide          *StencilPlan
}

// Redundancy is the cells a work-group computes per cell it writes, less
// one: the work its halo repeats.
func (sp *StencilPlan) Redundancy() float64 {
	written := 1
	for _, w := range sp.Tile {
		written *= sp.Interior(w)
	}
	return float64(sp.Items())/float64(written) - 1
}

// Interior is the cells a work-group writes along a side of length side.
func (sp *StencilPlan) Interior(side int) int { return side - 2*sp.Radius*sp.Steps }

// Items is the work-items of a work-group: the cells of a tile.
func (sp *StencilPlan) Items() int {
	n := 1
	for _, w := range sp.Tile {
		n *= w
	}
	return n
}

func (sp *StencilPlan) String() string {
	tile := make([]string, len(sp.Tile))
	for i, w := range sp.Tile {
		tile[i] = fmt.Sprint(w)
	}
	maxCells := ""
	if sp.MaxCells > 0 {
		maxCells = fmt.Sprintf(" max_cells %d", sp.MaxCells)
	}
	if sp.NarrowOffsets {
		maxCells += " narrow_offsets"
	}
	wide := ""
	if sp.Wide != nil {
		wide = " wide " + sp.Wide.String()
	}
	return fmt.Sprintf("stencil steps %d tile (%s) radius %d%s threshold %q%s", sp.Steps, strings.Join(tile, ", "), sp.Radius, maxCells, sp.Threshold, wide)
}

func (p *parser) stencilPlan() *StencilPlan {
	p.expect("stencil")
	sp := &StencilPlan{}
	p.expect("steps")
	sp.Steps = int(p.intLit())
	p.expect("tile")
	p.list("(", ")", func() { sp.Tile = append(sp.Tile, int(p.intLit())) })
	p.expect("radius")
	sp.Radius = int(p.intLit())
	if p.is("max_cells") {
		p.next()
		sp.MaxCells = p.intLit()
	}
	if p.is("narrow_offsets") {
		p.next()
		sp.NarrowOffsets = true
	}
	p.expect("threshold")
	sp.Threshold = p.str()
	if p.is("wide") {
		p.next()
		sp.Wide = p.stencilPlan()
	}
	return sp
}

// StencilLoop is a host loop taken apart for a StencilPlan: the array it
// carries, the scalar statements that compute each step's values from the
// loop index, and the segmap that computes the next array, over the
// array's dimensions.
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
// it cannot: a for-loop whose one merge parameter is an array of one or
// two dimensions, whose body is scalar statements followed by a segmap
// over that array's dimensions, computing scalars from scalars, and which
// returns the segmap's result. The segmap may be one version of a
// multi-versioned step (an if on a threshold whose branches are each one
// segmap: flatten's versions compute the same values); the version over
// all the array's dimensions is taken. The segmap's reads of the array
// (the offsets the plan's radius must cover) are StencilRadius's.
func StencilShape(e *LoopExp) (*StencilLoop, error) {
	f, ok := e.Form.(ForLoop)
	if !ok {
		return nil, fmt.Errorf("not a for-loop")
	}
	if len(e.Params) != 1 || e.Params[0].Type.Rank() < 1 || e.Params[0].Type.Rank() > 2 {
		return nil, fmt.Errorf("the loop does not carry exactly one array of one or two dimensions")
	}
	arr := e.Params[0]
	stms := e.Body.Stms
	if len(stms) == 0 {
		return nil, fmt.Errorf("the loop's body is empty")
	}
	last := stms[len(stms)-1]
	if len(last.Pat) != 1 || len(e.Body.Result) != 1 || !SameSubExp(e.Body.Result[0], Var{Name: last.Pat[0].Name}) {
		return nil, fmt.Errorf("the loop's body does not return its last statement's one result")
	}
	pre := stms[:len(stms)-1]
	mapStm := last
	if v, ok := last.Exp.(*IfExp); ok {
		cond, isVar := v.Cond.(Var)
		var th *Stm
		for _, s := range pre {
			if _, ok := s.Exp.(*ThresholdExp); ok && isVar && len(s.Pat) == 1 && s.Pat[0].Name == cond.Name {
				th = s
			}
		}
		if th == nil {
			return nil, fmt.Errorf("the step is an if, but not on a threshold")
		}
		mapStm = nil
		for _, b := range []*Body{v.Then, v.Else} {
			if len(b.Stms) != 1 || len(b.Result) != 1 || !SameSubExp(b.Result[0], Var{Name: b.Stms[0].Pat[0].Name}) {
				return nil, fmt.Errorf("a version of the step is not one segmap")
			}
			if m, ok := b.Stms[0].Exp.(*SegMapExp); ok && len(m.Space) == arr.Type.Rank() {
				mapStm = b.Stms[0]
			}
		}
		if mapStm == nil {
			return nil, fmt.Errorf("no version of the step is a segmap over the array's dimensions")
		}
		// The threshold is the host's: the kernel computes the rest.
		pre = slices.DeleteFunc(slices.Clone(pre), func(s *Stm) bool { return s == th })
	}
	m, ok := mapStm.Exp.(*SegMapExp)
	if !ok || m.Tile != nil || len(m.Space) != arr.Type.Rank() || len(mapStm.Pat) != 1 || len(m.Types) != 1 || m.Types[0].Rank() != 0 {
		return nil, fmt.Errorf("the step is not an untiled segmap of one scalar result over the array's dimensions")
	}
	if m.Types[0].Elem != arr.Type.Elem {
		return nil, fmt.Errorf("the segmap does not compute an array like the loop's")
	}
	for d := range m.Space {
		if !SameSubExp(m.Space[d].N, arr.Type.Shape[d]) {
			return nil, fmt.Errorf("the segmap's space is not the array's shape")
		}
	}
	if err := scalarBody(m.Body); err != nil {
		return nil, err
	}
	for _, s := range pre {
		if !stencilScalarStm(s) {
			return nil, fmt.Errorf("statement binding %s before the segmap is not a scalar computation a kernel can repeat", s.Pat[0].Name)
		}
		if FreeInExp(s.Exp)[arr.Name] {
			return nil, fmt.Errorf("statement binding %s reads the loop's array", s.Pat[0].Name)
		}
	}
	return &StencilLoop{Loop: e, Index: f.Index, Array: arr, Pre: pre, Map: mapStm}, nil
}

// scalarBody reports an error unless every statement of b and of the
// bodies inside it binds scalars only: a tile's work-item has no memory
// of its own for arrays.
func scalarBody(b *Body) error {
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				return fmt.Errorf("the segmap's body makes the array %s", p.Name)
			}
		}
		for _, sub := range ExpBodies(s.Exp) {
			if err := scalarBody(sub); err != nil {
				return err
			}
		}
	}
	return nil
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

// StencilRadius is the largest distance, along any dimension, between a
// cell and a cell of the loop's array that the segmap reads for it, proved
// from the indices: each read's index along dimension d is the segmap's
// index of dimension d plus a constant, or that clamped to the array (max
// with 0 below the index, min with the dimension less one above it).
// outer gives the definitions of the names bound before the loop (for the
// dimensions less one). It fails when a read cannot be bounded or the
// array is used other than by reading elements.
func (sl *StencilLoop) StencilRadius(outer map[VName]Exp) (int, error) {
	m := sl.SegMap()
	shape := sl.Array.Type.Shape
	// lastOf reports whether x is shape[d] - 1.
	lastOf := func(x SubExp, d int) bool {
		v, ok := x.(Var)
		if !ok {
			return false
		}
		switch e := outer[v.Name].(type) {
		case *BinOpExp:
			c, ok := e.Y.(Const)
			return ok && SameSubExp(e.X, shape[d]) && c.Value.T.IsInt() &&
				(e.Op == Add && c.Value.Int() == -1 || e.Op == Sub && c.Value.Int() == 1)
		}
		return false
	}
	type span struct {
		dim    int
		lo, hi int64
	}
	// offs are the i64 names of the body whose value lies within
	// [gtid_dim+lo, gtid_dim+hi].
	offs := map[VName]span{}
	for d, sd := range m.Space {
		offs[sd.Index] = span{d, 0, 0}
	}
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
					offs[s.Pat[0].Name] = span{o.dim, o.lo + c, o.hi + c}
				case e.Op == Sub && isConst && c > -far && c < far:
					offs[s.Pat[0].Name] = span{o.dim, o.lo - c, o.hi - c}
				case e.Op == Max && isConst && c == 0:
					// Below 0 it is 0, which is at most the index.
					offs[s.Pat[0].Name] = span{o.dim, o.lo, max(o.hi, 0)}
				case e.Op == Min && lastOf(e.Y, o.dim):
					// Above the last it is the last, at least the index.
					offs[s.Pat[0].Name] = span{o.dim, min(o.lo, 0), o.hi}
				}
			case *IndexExp:
				if e.Arr != sl.Array.Name {
					break
				}
				if len(e.Indices) != len(shape) {
					return fmt.Errorf("a read of %s is a slice", e.Arr)
				}
				for d, x := range e.Indices {
					o, ok := offOf(x)
					if !ok || o.dim != d {
						return fmt.Errorf("the read of %s at %v is not the segmap's index plus a constant", e.Arr, x)
					}
					r = max(r, -o.lo, o.hi)
				}
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
	sl, err := StencilShape(e)
	name := VName("stencil")
	if len(e.Params) > 0 {
		name = e.Params[0].Name
	}
	if err != nil {
		v.fail(name, "stencil plan on a loop of the wrong shape: %v", err)
		return
	}
	// The plan's radius must cover every read: the blocked kernel's
	// valid region shrinks by the radius a step.
	outer := map[VName]Exp{}
	if f := v.prog.Fun(v.fun); f != nil {
		VisitStms(f.Body, func(s *Stm) {
			if len(s.Pat) == 1 {
				outer[s.Pat[0].Name] = s.Exp
			}
		})
	}
	r, err := sl.StencilRadius(outer)
	if err != nil {
		v.fail(name, "stencil plan on a loop whose reads are not proved a stencil: %v", err)
		return
	}
	for ; sp != nil; sp = sp.Wide {
		v.checkStencilVersion(name, e, sp, r)
	}
}

// checkStencilVersion checks one version of a stencil plan, for a loop
// whose reads go r cells away.
func (v *validator) checkStencilVersion(name VName, e *LoopExp, sp *StencilPlan, r int) {
	if r > sp.Radius {
		v.fail(name, "stencil plan of radius %d on a loop that reads %d cells away", sp.Radius, r)
	}
	switch {
	case sp.Wide != nil && (sp.Wide.Threshold == sp.Threshold || sp.Wide.Steps < sp.Steps):
		v.fail(name, "stencil plan whose wide version shares its threshold or has fewer steps")
	case sp.Steps < 1 || sp.Radius < 1:
		v.fail(name, "stencil plan with %d steps of radius %d", sp.Steps, sp.Radius)
	case len(sp.Tile) != e.Params[0].Type.Rank():
		v.fail(name, "stencil plan with a tile of %d dimensions for an array of %d", len(sp.Tile), e.Params[0].Type.Rank())
	case slices.ContainsFunc(sp.Tile, func(w int) bool { return sp.Interior(w) < 1 }):
		v.fail(name, "stencil plan whose tile %v has no interior after %d steps of radius %d", sp.Tile, sp.Steps, sp.Radius)
	case !v.thresholds[sp.Threshold]:
		v.fail(name, "stencil plan names the undeclared threshold %q", sp.Threshold)
	}
}
