package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// Segmaps that reduce one short row per point: the one-work-item-per-
// segment version of a segmented reduction (flatten's short-segment
// version, rows of at most 16 elements). With one point per work-item,
// each work-item loads one row and the loads in flight are too few: the
// segmented sum of 10^8 rows of one element took 383 us on the H100, 70%
// of copy bandwidth. Four points per work-item, each with its own row
// loop, were slower (405 us): a point's loop runs before the next point's
// loads. Interchanging the row loop with the points, so that each step of
// the loop loads an element of each of the four rows, took 313 us; with
// rows of 2 elements 213 us against 238, of 4 the same, of 8 7% more
// (bench/results/2026-11-23-h100-run15/probe-segrows.txt). So rows of at
// most tinyRow elements take the interchanged form, four per work-item;
// longer ones one per work-item (the host launches a work-item per point,
// and the kernel's loop over its points runs once).

// tinyRow is the longest row the interchanged form takes.
const tinyRow = 4

// rowReduce is a body split around its one reduction over a row: straight-
// line statements, a screma whose results are all reductions, and
// straight-line statements again.
type rowReduce struct {
	pre, post []*soac.Stm
	red       *soac.Stm
}

// rowReduceOf splits a segmap's body as rowReduce; ok is false for any
// other body, for rows whose length the body computes (the points must
// share the row loop), and for array results.
func rowReduceOf(e *soac.SegMapExp) (rowReduce, bool) {
	var r rowReduce
	for _, t := range e.Types {
		if t.Rank() > 0 {
			return r, false
		}
	}
	for i, s := range e.Body.Stms {
		sc, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			continue
		}
		if r.red != nil || len(sc.Scans) > 0 || !scalarPat(s) || !straightLine(sc.Map.Body) {
			return r, false
		}
		for _, red := range sc.Reds {
			if !straightLine(red.Op.Body) {
				return r, false
			}
		}
		if w, ok := sc.W.(soac.Var); ok && soac.BoundInBody(e.Body)[w.Name] {
			return r, false
		}
		r.red, r.pre, r.post = s, e.Body.Stms[:i], e.Body.Stms[i+1:]
	}
	if r.red == nil {
		return r, false
	}
	return r, straightLine(&soac.Body{Stms: r.pre}) && straightLine(&soac.Body{Stms: r.post})
}

// rowPoints emits a segmap of rowReduce form with pointsPerItem points per
// work-item, strided by the launch size as in stridedPoints: when the rows
// are tiny, the points' row loops are one loop; otherwise the points are
// computed one after the other (and fccRowItems launches one work-item
// per point, so there is one).
func (c *cgen) rowPoints(e *soac.SegMapExp, r rowReduce, dims []string, points string, outs []string) error {
	w, err := c.operand(r.red.Exp.(*soac.ScremaExp).W)
	if err != nil {
		return err
	}
	return c.stridedLoop(points, func() error {
		return c.branch(fmt.Sprintf("(long)%s <= %d", w, tinyRow),
			func() error { return c.interchangedPoints(e, dims, points, outs) },
			func() error { return c.pointsInTurn(e, dims, points, outs) })
	})
}

// pointsInTurn computes and stores the pointsPerItem points from fcc_base
// on one after the other. Computing them all before storing, as
// pointsAtOnce does, made the segmented sum of 10^6 rows of 100 elements
// take 264 us instead of 180, although only the first point exists there.
func (c *cgen) pointsInTurn(e *soac.SegMapExp, dims []string, points string, outs []string) error {
	for j := 0; j < pointsPerItem; j++ {
		c.line("if (%s < %s) {", pointAt(j), points)
		c.indent++
		c.line("long gtid = %s;", pointAt(j))
		c.decodeSpace(e.Space, dims, "gtid")
		res, err := c.body(e.Body)
		if err != nil {
			return err
		}
		for i := range e.Types {
			if err := c.storeResult(outs[i], e.Types[i], pointAt(j), res[i], e.Body.Result[i]); err != nil {
				return err
			}
		}
		c.indent--
		c.line("}")
	}
	return nil
}

// pointAt is the flat index of a work-item's j-th point.
func pointAt(j int) string { return fmt.Sprintf("(fcc_base + %d * fcc_gsize)", j) }

// interchangedPoints computes pointsPerItem points with one row loop. Each
// point gets a copy of the body with its names renamed. A point past the
// end of the space computes point 0's values again (its loads are point
// 0's, and its assertions hold when point 0's do), so that no test is
// needed until the stores.
func (c *cgen) interchangedPoints(e *soac.SegMapExp, dims []string, points string, outs []string) error {
	k := pointsPerItem
	copies := make([]rowReduce, k)
	results := make([][]soac.SubExp, k)
	valid := make([]string, k)
	for j := 0; j < k; j++ {
		suffix := fmt.Sprintf("_p%d", j)
		rename := func(n soac.VName) soac.VName { return n + soac.VName(suffix) }
		space := make([]soac.SegDim, len(e.Space))
		subst := map[soac.VName]soac.SubExp{}
		for d, sd := range e.Space {
			space[d] = soac.SegDim{Index: rename(sd.Index), N: sd.N}
			subst[sd.Index] = soac.Var{Name: space[d].Index}
		}
		body := soac.NewCopier(subst, rename).Body(e.Body)
		r, _ := rowReduceOf(&soac.SegMapExp{Space: space, Types: e.Types, Body: body})
		copies[j], results[j] = r, body.Result
		valid[j] = c.fresh("valid")
		c.line("bool %s = %s < %s;", valid[j], pointAt(j), points)
		flat := c.fresh("point")
		c.line("long %s = %s ? %s : fcc_base;", flat, valid[j], pointAt(j))
		c.decodeSpace(space, dims, flat)
		if _, err := c.body(&soac.Body{Stms: r.pre}); err != nil {
			return err
		}
	}
	accs := make([][]string, k)
	for j, r := range copies {
		ids, err := c.declareReductions(r.red.Pat, r.red.Exp.(*soac.ScremaExp).Reds)
		if err != nil {
			return err
		}
		accs[j] = ids
	}
	w, err := c.operand(copies[0].red.Exp.(*soac.ScremaExp).W)
	if err != nil {
		return err
	}
	it := c.fresh("i")
	c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, w, it)
	c.indent++
	for j, r := range copies {
		sc := r.red.Exp.(*soac.ScremaExp)
		c.line("{")
		c.indent++
		res, err := c.lambdaAt(sc.Map, sc.Inputs, it)
		if err != nil {
			return err
		}
		if err := c.combine(sc.Reds, accs[j], res); err != nil {
			return err
		}
		c.indent--
		c.line("}")
	}
	c.indent--
	c.line("}")
	vals := make([][]string, k)
	for j, r := range copies {
		c.bindDeclared(r.red.Pat, accs[j])
		res, err := c.body(&soac.Body{Stms: r.post, Result: results[j]})
		if err != nil {
			return err
		}
		vals[j] = res
	}
	for j := 0; j < k; j++ {
		c.line("if (%s) {", valid[j])
		c.indent++
		for i := range e.Types {
			if err := c.storeResult(outs[i], e.Types[i], pointAt(j), vals[j][i], results[j][i]); err != nil {
				return err
			}
		}
		c.indent--
		c.line("}")
	}
	return nil
}
