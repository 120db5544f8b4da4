package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file compiles, inside a kernel, the constructs whose values or
// operators are arrays, as sequential code in one work-item: a scatter,
// and scans, reductions and histograms with array-valued operators; the
// top-level Seg-ops of that kind are segseq.go's, which uses the
// accumulators of this file. Array accumulators live in per-work-item
// scratch (karrays.go), so their sizes must be known on the host; arrays
// whose size a kernel computes stay unsupported.

// kacc is an accumulator or an operand of an operator: a scalar C
// expression or an array view.
type kacc struct {
	scalar string
	view   *kview
}

// newAccs creates one accumulator per value of reds, holding its neutral
// element: a C variable for a scalar, a scratch array (a copy of the
// neutral array) for an array; types are the values' types.
func (c *cgen) newAccs(reds []soac.Reduce, types []soac.Type, pos soac.Pos) ([]kacc, error) {
	var accs []kacc
	k := 0
	for _, r := range reds {
		for _, ne := range r.Neutral {
			t := types[k]
			k++
			if t.Rank() == 0 {
				x, err := c.operand(ne)
				if err != nil {
					return nil, err
				}
				ct, err := cType(t.Elem)
				if err != nil {
					return nil, err
				}
				id := c.fresh("acc")
				c.line("%s %s = %s;", ct, id, x)
				accs = append(accs, kacc{scalar: id})
				continue
			}
			v, err := c.newArray(t.Elem, t.Shape, pos)
			if err != nil {
				return nil, err
			}
			src, err := c.arrayOperand(ne)
			if err != nil {
				return nil, err
			}
			if err := c.copyView(v, src); err != nil {
				return nil, err
			}
			accs = append(accs, kacc{view: v})
		}
	}
	return accs, nil
}

// resultAccs turns the first n results of body (res from c.body, empty for
// array results) into operands.
func (c *cgen) resultAccs(body *soac.Body, res []string, from, to int) ([]kacc, error) {
	xs := make([]kacc, 0, to-from)
	for i := from; i < to; i++ {
		if res[i] != "" {
			xs = append(xs, kacc{scalar: res[i]})
			continue
		}
		v, err := c.arrayOperand(body.Result[i])
		if err != nil {
			return nil, err
		}
		xs = append(xs, kacc{view: v})
	}
	return xs, nil
}

// combineArrays applies the operators of reds to the accumulators accs
// (updated in place) and the new values xs, any of which may be arrays.
// An array parameter is bound to the accumulator's view itself, marked as
// not the work-item's own so that an in-place update in the operator
// copies it first. An array result is then copied into its accumulator;
// a result that is a view of some accumulator's buffer (the operator
// returned a parameter, a slice or a rearrangement of one) goes through a
// temporary first, since the copies would otherwise overwrite elements
// still to be read.
func (c *cgen) combineArrays(reds []soac.Reduce, accs, xs []kacc, pos soac.Pos) error {
	k := 0
	for _, r := range reds {
		n := len(r.Neutral)
		c.line("{")
		c.indent++
		for i, p := range r.Op.Params {
			a := accs[k+i%n]
			if i >= n {
				a = xs[k+i-n]
			}
			if p.Type.Rank() == 0 {
				if a.view != nil {
					panic(fmt.Sprintf("backend: %s: scalar operator parameter %s bound to an array", pos, p.Name))
				}
				if err := c.bindScalar(p, a.scalar); err != nil {
					return err
				}
				continue
			}
			if a.view == nil {
				panic(fmt.Sprintf("backend: %s: array operator parameter %s bound to a scalar", pos, p.Name))
			}
			v := *a.view
			v.owned = false
			c.vars[p.Name] = kval{view: &v}
		}
		res, err := c.body(r.Op.Body)
		if err != nil {
			return err
		}
		srcs := make([]*kview, n)
		for i := 0; i < n; i++ {
			acc := accs[k+i]
			if acc.view == nil {
				continue
			}
			src, err := c.arrayOperand(r.Op.Body.Result[i])
			if err != nil {
				return err
			}
			if sameView(src, acc.view) {
				continue
			}
			for j := 0; j < n; j++ {
				if a := accs[k+j].view; a != nil && a.ptr == src.ptr {
					tmp, err := c.newArray(acc.view.elem, r.Op.RetType[i].Shape, pos)
					if err != nil {
						return err
					}
					if err := c.copyView(tmp, src); err != nil {
						return err
					}
					src = tmp
					break
				}
			}
			srcs[i] = src
		}
		for i := 0; i < n; i++ {
			acc := accs[k+i]
			switch {
			case acc.view == nil:
				c.line("%s = %s;", acc.scalar, res[i])
			case srcs[i] != nil:
				if err := c.copyView(acc.view, srcs[i]); err != nil {
					return err
				}
			}
		}
		c.indent--
		c.line("}")
		k += n
	}
	return nil
}

// rowView is row i (a C expression) of view o.
func rowView(o *kview, i string) *kview {
	return &kview{ptr: o.ptr, off: viewOff(o, []string{i}), dims: o.dims[1:], strides: o.strides[1:], elem: o.elem, owned: o.owned}
}

// storeAcc writes accumulator a into row i of view o.
func (c *cgen) storeAcc(o *kview, i string, a kacc) error {
	row := rowView(o, i)
	if a.view == nil {
		c.line("%s", store(o.ptr, o.elem, row.off, a.scalar))
		return nil
	}
	return c.copyView(row, a.view)
}

// hasArrayValues reports whether any of the first n types is an array.
func hasArrayValues(types []soac.Type, n int) bool {
	for i := 0; i < n && i < len(types); i++ {
		if types[i].Rank() > 0 {
			return true
		}
	}
	return false
}

// seqScremaArrays runs a screma whose scans or reductions have array
// values sequentially in one work-item (seqScrema handles scalar ones).
func (c *cgen) seqScremaArrays(s *soac.Stm, e *soac.ScremaExp) error {
	scans := soac.ScanReduces(e.Scans)
	nScan, nRed := soac.ReduceValues(scans), soac.ReduceValues(e.Reds)
	outs := make([]*kview, len(s.Pat))
	for i, p := range s.Pat {
		if i >= nScan && i < nScan+nRed {
			continue
		}
		v, err := c.newArray(p.Type.Elem, p.Type.Shape, s.Pos)
		if err != nil {
			return err
		}
		outs[i] = v
	}
	scanAcc, err := c.newAccs(scans, e.Map.RetType[:nScan], s.Pos)
	if err != nil {
		return err
	}
	redAcc, err := c.newAccs(e.Reds, e.Map.RetType[nScan:nScan+nRed], s.Pos)
	if err != nil {
		return err
	}
	w, err := c.operand(e.W)
	if err != nil {
		return err
	}
	it := c.fresh("i")
	c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, w, it)
	c.indent++
	res, err := c.lambdaAt(e.Map, e.Inputs, it)
	if err != nil {
		return err
	}
	xs, err := c.resultAccs(e.Map.Body, res, 0, nScan+nRed)
	if err != nil {
		return err
	}
	if err := c.combineArrays(scans, scanAcc, xs[:nScan], s.Pos); err != nil {
		return err
	}
	for i := 0; i < nScan; i++ {
		if err := c.storeAcc(outs[i], it, scanAcc[i]); err != nil {
			return err
		}
	}
	if err := c.combineArrays(e.Reds, redAcc, xs[nScan:], s.Pos); err != nil {
		return err
	}
	for i := nScan + nRed; i < len(res); i++ {
		x := kacc{scalar: res[i]}
		if res[i] == "" {
			if x.view, err = c.arrayOperand(e.Map.Body.Result[i]); err != nil {
				return err
			}
		}
		if err := c.storeAcc(outs[i], it, x); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for i, p := range s.Pat {
		switch {
		case outs[i] != nil:
			c.vars[p.Name] = kval{view: outs[i]}
		case redAcc[i-nScan].view != nil:
			c.vars[p.Name] = kval{view: redAcc[i-nScan].view}
		default:
			c.vars[p.Name] = kval{scalar: redAcc[i-nScan].scalar}
		}
	}
	return nil
}

// histHasArrays reports whether a histogram inside a kernel has an
// operator over arrays (its destinations have rank above one).
func (c *cgen) histHasArrays(e *soac.HistExp) bool {
	for _, op := range e.Ops {
		for _, d := range op.Dests {
			if v := c.vars[d].view; v != nil && len(v.dims) > 1 {
				return true
			}
		}
	}
	return false
}

// seqHistArrays is seqHist for operators over arrays: each bin is a row
// of its destination, which the operator updates through combineArrays.
func (c *cgen) seqHistArrays(s *soac.Stm, e *soac.HistExp) error {
	outs, res, err := c.openSeqHist(s, e)
	if err != nil {
		return err
	}
	r, k := 0, 0 // r: the bucket's results, k: the destinations
	for _, op := range e.Ops {
		n := len(op.Dests)
		if len(res) < r+1+n {
			return fmt.Errorf("%s: histogram bucket returns %d values", s.Pos, len(res))
		}
		xs, err := c.resultAccs(e.Bucket.Body, res, r+1, r+1+n)
		if err != nil {
			return err
		}
		bins, err := c.operand(op.Bins)
		if err != nil {
			return err
		}
		idx := c.fresh("bin")
		c.line("long %s = (long)%s;", idx, res[r])
		c.line("if (%s >= 0 && %s < (long)%s) {", idx, idx, bins)
		c.indent++
		accs := make([]kacc, n)
		for j := 0; j < n; j++ {
			o := outs[k+j]
			if len(o.dims) > 1 {
				row := rowView(o, idx)
				id := c.fresh("row_off")
				c.line("long %s = %s;", id, row.off)
				row.off = id
				accs[j] = kacc{view: row}
				continue
			}
			ct, err := cType(o.elem)
			if err != nil {
				return err
			}
			accs[j] = kacc{scalar: c.fresh("hacc")}
			c.line("%s %s = %s;", ct, accs[j].scalar, load(o, viewOff(o, []string{idx})))
		}
		if err := c.combineArrays([]soac.Reduce{{Op: op.Op, Neutral: op.Neutral}}, accs, xs, s.Pos); err != nil {
			return err
		}
		for j := 0; j < n; j++ {
			if o := outs[k+j]; accs[j].view == nil {
				c.line("%s", store(o.ptr, o.elem, viewOff(o, []string{idx}), accs[j].scalar))
			}
		}
		c.indent--
		c.line("}")
		r += 1 + n
		k += n
	}
	c.indent--
	c.line("}")
	for i, p := range s.Pat {
		c.vars[p.Name] = kval{view: outs[i]}
	}
	return nil
}

// seqScatter runs a scatter sequentially in one work-item, in input
// order, so that of several writes to one place the last wins, as in the
// interpreter. Writes outside a destination are ignored. A destination
// the work-item does not own is copied first.
func (c *cgen) seqScatter(s *soac.Stm, e *soac.ScatterExp) error {
	outs := make([]*kview, len(e.Dests))
	for k, d := range e.Dests {
		v := c.vars[d.Arr].view
		if v == nil {
			return fmt.Errorf("%s: scatter destination %s is not an array", s.Pos, d.Arr)
		}
		if !v.owned {
			r, err := c.newArray(v.elem, s.Pat[k].Type.Shape, s.Pos)
			if err != nil {
				return err
			}
			if err := c.copyView(r, v); err != nil {
				return err
			}
			v = r
		}
		outs[k] = v
	}
	return c.scatterLoop(s, e, outs, func(i, w string) string {
		return fmt.Sprintf("for (long %s = 0; %s < (long)%s; %s++) {", i, i, w, i)
	})
}

// scatterLoop emits the loop over a scatter's elements that head opens
// (given the index variable and the width), each element's writes into
// outs, and binds the scatter's results to outs.
func (c *cgen) scatterLoop(s *soac.Stm, e *soac.ScatterExp, outs []*kview, head func(i, w string) string) error {
	w, err := c.operand(e.W)
	if err != nil {
		return err
	}
	i := c.fresh("i")
	c.line("%s", head(i, w))
	c.indent++
	res, err := c.lambdaAt(e.Lambda, e.Inputs, i)
	if err != nil {
		return err
	}
	if err := c.scatterWrites(e, outs, res); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	for k, p := range s.Pat {
		c.vars[p.Name] = kval{view: outs[k]}
	}
	return nil
}

// scatterWrites emits the writes of one scatter element: res holds the
// lambda's results (each destination's indices, then its value), outs the
// destinations' views. A write outside its destination is skipped; a
// value with dimensions of its own is copied into the row it indexes.
func (c *cgen) scatterWrites(e *soac.ScatterExp, outs []*kview, res []string) error {
	off := 0
	for k, d := range e.Dests {
		v := outs[k]
		var conds, idx []string
		for j := 0; j < d.Rank; j++ {
			x := "(long)" + res[off+j]
			conds = append(conds, fmt.Sprintf("%s >= 0 && %s < %s", x, x, v.dims[j]))
			idx = append(idx, x)
		}
		c.line("if (%s) {", strings.Join(conds, " && "))
		c.indent++
		dst := &kview{ptr: v.ptr, off: viewOff(v, idx), dims: v.dims[d.Rank:], strides: v.strides[d.Rank:], elem: v.elem}
		if len(dst.dims) == 0 {
			c.line("%s", store(dst.ptr, dst.elem, dst.off, res[off+d.Rank]))
		} else {
			src, err := c.arrayOperand(e.Lambda.Body.Result[off+d.Rank])
			if err != nil {
				return err
			}
			if err := c.copyView(dst, src); err != nil {
				return err
			}
		}
		c.indent--
		c.line("}")
		off += d.Rank + 1
	}
	return nil
}
