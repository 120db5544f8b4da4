package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// Segmaps that reduce one short row per point: the one-work-item-per-
// segment version of a segmented reduction (flatten's short-segment
// version). The lowering's rows rule (rewrite/lower) gives them a plan:
// rows of at most plan.TinyRow elements take the interchanged form, whose
// row loop loads an element of each of the work-item's plan.PerItem
// points' rows per step; longer ones are computed one point after the
// other (the host launches a work-item per point, so the kernel's loop
// over its points runs once).

// rowReduce is a body split around its one reduction over a row: straight-
// line statements, a screma whose results are all reductions, and
// straight-line statements again.
type rowReduce struct {
	pre, post []*soac.Stm
	red       *soac.Stm
}

// rowReduceAt splits a segmap's body as rowReduce around its statement
// k, the row's reduction, where the lowering's rows rule found it.
func rowReduceAt(e *soac.SegMapExp, k int) (rowReduce, error) {
	if k < 0 || k >= len(e.Body.Stms) {
		return rowReduce{}, fmt.Errorf("the row's reduction is statement %d of %d", k, len(e.Body.Stms))
	}
	red := e.Body.Stms[k]
	if _, ok := red.Exp.(*soac.ScremaExp); !ok {
		return rowReduce{}, fmt.Errorf("statement %d, the row's reduction, is not a screma", k)
	}
	return rowReduce{pre: e.Body.Stms[:k], red: red, post: e.Body.Stms[k+1:]}, nil
}

// rowPoints emits a segmap of rowReduce form with plan.PerItem points per
// work-item, strided by the launch size as in stridedPoints: when the rows
// are at most plan.TinyRow long, the points' row loops are one loop;
// otherwise the points are computed one after the other (and fccRowItems
// launches one work-item per point, so there is one).
func (c *cgen) rowPoints(e *soac.SegMapExp, r rowReduce, dims []string, points string, outs []string, plan *soac.PointsPlan) error {
	w, err := c.operand(r.red.Exp.(*soac.ScremaExp).W)
	if err != nil {
		return err
	}
	k := plan.PerItem
	return c.stridedLoop(points, k, func() error {
		return c.branch(fmt.Sprintf("(long)%s <= %d", w, plan.TinyRow),
			func() error { return c.interchangedPoints(e, r, dims, points, outs, k) },
			func() error { return c.pointsInTurn(e, dims, points, outs, k) })
	})
}

// pointsInTurn computes and stores the k points from fcc_base on one
// after the other. Computing them all before storing, as
// pointsAtOnce does, made the segmented sum of 10^6 rows of 100 elements
// take 264 us instead of 180, although only the first point exists there.
func (c *cgen) pointsInTurn(e *soac.SegMapExp, dims []string, points string, outs []string, k int) error {
	for j := 0; j < k; j++ {
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

// interchangedPoints computes k points with one row loop. Each
// point gets a copy of the body with its names renamed. A point past the
// end of the space computes point 0's values again (its loads are point
// 0's, and its assertions hold when point 0's do), so that no test is
// needed until the stores.
func (c *cgen) interchangedPoints(e *soac.SegMapExp, row rowReduce, dims []string, points string, outs []string, k int) error {
	red := len(row.pre)
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
		r, err := rowReduceAt(&soac.SegMapExp{Space: space, Types: e.Types, Body: body}, red)
		if err != nil {
			return err
		}
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
