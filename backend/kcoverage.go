package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file compiles the constructs whose values or operators are arrays
// and which the parallel code generators do not handle, as sequential
// code in one work-item: a scatter inside a kernel, scans, reductions and
// histograms with array-valued operators inside a kernel, and top-level
// reductions and scans with array-valued operators that the optimiser
// and flattening did not interchange into segmented ones over scalars
// (segred.go and soacs.go dispatch here): a flat reduction in chunks and
// then over the chunks' results, a scan or a segmented reduction with one
// work-item per segment. A top-level screma with both scans and
// reductions is split in two (host.go dispatches here). Array
// accumulators live in per-work-item scratch (karrays.go), so their sizes
// must be known on the host; arrays whose size a kernel computes stay
// unsupported.

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
	w, err := c.operand(e.W)
	if err != nil {
		return err
	}
	it := c.fresh("i")
	c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, w, it)
	c.indent++
	res, err := c.lambdaAt(e.Lambda, e.Inputs, it)
	if err != nil {
		return err
	}
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
	c.indent--
	c.line("}")
	for k, p := range s.Pat {
		c.vars[p.Name] = kval{view: outs[k]}
	}
	return nil
}

// segRedArrays compiles a segred some of whose reductions have array
// values (flattening interchanges the vectorised ones into segmented
// reductions over scalars; what is left has a general operator). A flat
// one is reduced in chunks (segRedChunked); a segmented one with one
// work-item per segment, sequentially and in order, so any associative
// operator is correct.
func (h *hgen) segRedArrays(s *soac.Stm, e *soac.SegRedExp) error {
	if err := itemsAlone(s); err != nil {
		return err
	}
	if len(e.Space) == 1 {
		return h.segRedChunked(s, e)
	}
	return h.segSeqArrays(s, e, "segred_", e.Space, e.Reds, false, e.Body, e.Types)
}

// segScanArrays is segRedArrays for a segscan.
func (h *hgen) segScanArrays(s *soac.Stm, e *soac.SegScanExp) error {
	if err := itemsAlone(s); err != nil {
		return err
	}
	reds := soac.ScanReduces(e.Scans)
	return h.segSeqArrays(s, e, "segscan_", e.Space, reds, true, e.Body, e.Types)
}

// itemsAlone checks that the lowered form of the Seg-op s has work-items
// fold alone (rewrite/lower), as the kernels of this file do.
func itemsAlone(s *soac.Stm) error {
	l, err := loweringOf(s)
	if err != nil {
		return err
	}
	if len(l.Versions) == 0 || !l.Versions[0].Has(soac.ItemsAlone) {
		return fmt.Errorf("internal error: the Seg-op at %s has no lowered form of work-items folding alone", s.Pos)
	}
	return nil
}

// segSeqArrays generates a kernel with one work-item per segment (all
// but the innermost dimension of space) that runs the innermost dimension
// as a sequential loop, with accumulators in per-work-item scratch.
func (h *hgen) segSeqArrays(s *soac.Stm, e soac.Exp, prefix string, space []soac.SegDim, reds []soac.Reduce, scan bool, body *soac.Body, types []soac.Type) error {
	nAcc := soac.ReduceValues(reds)
	k, err := h.newSegKernel(segFree(e), space)
	if err != nil {
		return err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	name := prefix + h.g.names.id(s.Pat[0].Name)[2:]
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	hostDims := ka.host[len(ka.host)-len(dims):]
	h.line("{")
	h.indent++
	// The results: arrays allocated as a Seg-op's, except that the scalar
	// results of a flat reduction go through one-element buffers read
	// back after the launch, as in segRed.
	outs := make([]string, len(s.Pat))
	readBack := map[int]string{}
	for i, p := range s.Pat {
		st, err := cStorage(types[i].Elem)
		if err != nil {
			return err
		}
		outs[i] = fmt.Sprintf("out%d", i)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, outs[i]))
		if i < nAcc && !scan && len(space) == 1 && types[i].Rank() == 0 {
			tmp := h.fresh("red")
			readBack[i] = tmp
			h.line("%s, err := c.NewArray(%s, []int64{1})", tmp, elemConst(types[i].Elem))
			h.check("", "allocating a reduction result")
			ka.host = append(ka.host, tmp)
			continue
		}
		inner, err := h.shapeExprs(types[i].Shape)
		if err != nil {
			return err
		}
		outer := hostDims
		if i < nAcc && !scan {
			outer = hostDims[:len(hostDims)-1]
		}
		shape := append(append([]string{}, outer...), inner...)
		id := h.g.names.id(p.Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(types[i].Elem), strings.Join(shape, ", "))
		h.check("", "allocating %s", p.Name)
		ka.host = append(ka.host, id)
	}
	outer, inner := dims[:len(dims)-1], dims[len(dims)-1]
	c.kernelHead(name, ka.decls, prologue)
	c.line("long seg = get_global_id(0);")
	segs := strings.Join(append([]string{"1"}, outer...), " * ")
	c.line("if (seg >= %s) return;", segs)
	c.decodeSpace(space[:len(dims)-1], outer, "seg")
	accs, err := c.newAccs(reds, types[:nAcc], s.Pos)
	if err != nil {
		return err
	}
	last := space[len(dims)-1]
	idx := h.g.names.id(last.Index)
	c.line("for (long %s = 0; %s < %s; %s++) {", idx, idx, inner, idx)
	c.indent++
	c.vars[last.Index] = kval{scalar: idx}
	res, err := c.body(body)
	if err != nil {
		return err
	}
	xs, err := c.resultAccs(body, res, 0, nAcc)
	if err != nil {
		return err
	}
	if err := c.combineArrays(reds, accs, xs, s.Pos); err != nil {
		return err
	}
	flat := fmt.Sprintf("seg * %s + %s", inner, idx)
	for i := 0; i < nAcc && scan; i++ {
		if err := c.storeFlat(outs[i], types[i], flat, accs[i]); err != nil {
			return err
		}
	}
	for i := nAcc; i < len(res); i++ {
		if err := c.storeResult(outs[i], types[i], flat, res[i], body.Result[i]); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for i := 0; i < nAcc && !scan; i++ {
		if err := c.storeFlat(outs[i], types[i], "seg", accs[i]); err != nil {
			return err
		}
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	if err := h.launch1D(c, name, "("+strings.Join(append([]string{"1"}, hostDims[:len(dims)-1]...), " * ")+")", ka); err != nil {
		return err
	}
	for i, p := range s.Pat {
		tmp, ok := readBack[i]
		if !ok {
			continue
		}
		gt, err := goPrim(types[i].Elem)
		if err != nil {
			return err
		}
		// One synchronisation for the value and the kernel's errors.
		h.line("%s_x, err := c.ReadScalarChecked(%s.Buf, %s, 0, fccErrors)", tmp, tmp, elemConst(types[i].Elem))
		h.line("if err != nil {")
		h.line("\treturn nil, err")
		h.line("}")
		h.line("%s = %s_x.(%s)", h.g.names.id(p.Name), tmp, gt)
		h.line("c.ReleaseArray(%s)", tmp)
	}
	h.indent--
	h.line("}")
	return nil
}

// storeFlat writes accumulator a, of type t, at row flat of the
// row-major output buffer out.
func (c *cgen) storeFlat(out string, t soac.Type, flat string, a kacc) error {
	if a.view == nil {
		c.line("%s", store(out, t.Elem, flat, a.scalar))
		return nil
	}
	v := a.view
	n := strings.Join(v.dims, " * ")
	return c.loopNest(v.dims, func(idx []string) error {
		lin := rowMajorOffset(idx, v.dims)
		c.line("%s", store(out, t.Elem, fmt.Sprintf("(%s) * (%s) + %s", flat, n, lin), load(v, viewOff(v, idx))))
		return nil
	})
}

// segRedChunked compiles a flat (one-segment) segred with array values
// in two kernels, so that the reduction is not left to one work-item: in
// the first, each work-item reduces a contiguous chunk of the input
// sequentially into a partial result (the map-out arrays are written
// too); in the second, one work-item reduces the partial results in
// chunk order. The order of the elements is kept, so any associative
// operator is correct.
func (h *hgen) segRedChunked(s *soac.Stm, e *soac.SegRedExp) error {
	nAcc := soac.ReduceValues(e.Reds)
	base := h.g.names.id(s.Pat[0].Name)[2:]
	name1, name2 := "segred_"+base+"_chunks", "segred_"+base+"_parts"
	k, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	n := ka.host[len(ka.host)-1]
	h.line("// %s, %s", name1, name2)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	nch, chunk := h.fresh("nchunks"), h.fresh("chunk")
	h.line("%s := max(int64(1), min(%s, c.DefaultGroupSize()*max(c.ReduceNumGroups(), 1)))", nch, n)
	h.line("%s := (%s + %s - 1) / %s", chunk, n, nch, nch)
	ka.decls = append(ka.decls, "long fcc_nchunks", "long fcc_chunk")
	ka.host = append(ka.host, nch, chunk)
	// The partial results, [nchunks] of each reduced value, and the
	// map-out arrays.
	parts := make([]string, nAcc)
	for i := 0; i < nAcc; i++ {
		st, err := cStorage(e.Types[i].Elem)
		if err != nil {
			return err
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		parts[i] = h.fresh("parts")
		h.line("%s, err := c.NewArray(%s, []int64{%s})", parts[i], elemConst(e.Types[i].Elem), strings.Join(append([]string{nch}, inner...), ", "))
		h.check("", "allocating partial results")
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *part%d", st, i))
		ka.host = append(ka.host, parts[i])
	}
	mapOuts := make([]string, len(s.Pat))
	for i := nAcc; i < len(s.Pat); i++ {
		st, err := cStorage(e.Types[i].Elem)
		if err != nil {
			return err
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		id := h.g.names.id(s.Pat[i].Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(e.Types[i].Elem), strings.Join(append([]string{n}, inner...), ", "))
		h.check("", "allocating %s", s.Pat[i].Name)
		mapOuts[i] = fmt.Sprintf("out%d", i)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, mapOuts[i]))
		ka.host = append(ka.host, id)
	}
	c.kernelHead(name1, ka.decls, prologue)
	c.line("long seg = get_global_id(0);")
	c.line("if (seg >= fcc_nchunks) return;")
	accs, err := c.newAccs(e.Reds, e.Types[:nAcc], s.Pos)
	if err != nil {
		return err
	}
	sd := e.Space[0]
	idx := h.g.names.id(sd.Index)
	c.line("for (long %s = seg * fcc_chunk; %s < min(%s, (seg + 1) * fcc_chunk); %s++) {", idx, idx, dims[0], idx)
	c.indent++
	c.vars[sd.Index] = kval{scalar: idx}
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	xs, err := c.resultAccs(e.Body, res, 0, nAcc)
	if err != nil {
		return err
	}
	if err := c.combineArrays(e.Reds, accs, xs, s.Pos); err != nil {
		return err
	}
	for i := nAcc; i < len(res); i++ {
		if err := c.storeResult(mapOuts[i], e.Types[i], idx, res[i], e.Body.Result[i]); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for i := 0; i < nAcc; i++ {
		if err := c.storeFlat(fmt.Sprintf("part%d", i), e.Types[i], "seg", accs[i]); err != nil {
			return err
		}
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	if err := h.launch1D(c, name1, nch, ka); err != nil {
		return err
	}

	// The second kernel: the operators, neutral elements and the values'
	// sizes are its free names.
	ops := &soac.SegRedExp{Space: e.Space, Reds: e.Reds, Body: &soac.Body{}, Types: e.Types[:nAcc]}
	c2 := h.g.newCgen()
	ka2, prologue2, err := c2.inputs(segFree(ops))
	if err != nil {
		return err
	}
	ka2.decls = append(ka2.decls, "long fcc_nchunks")
	ka2.host = append(ka2.host, nch)
	readBack := map[int]string{}
	outs := make([]string, nAcc)
	for i := 0; i < nAcc; i++ {
		st := mustStorage(e.Types[i].Elem)
		ka2.decls = append(ka2.decls, fmt.Sprintf("__global %s *part%d", st, i))
		ka2.host = append(ka2.host, parts[i])
		outs[i] = fmt.Sprintf("out%d", i)
		ka2.decls = append(ka2.decls, fmt.Sprintf("__global %s *%s", st, outs[i]))
		if e.Types[i].Rank() == 0 {
			tmp := h.fresh("red")
			readBack[i] = tmp
			h.line("%s, err := c.NewArray(%s, []int64{1})", tmp, elemConst(e.Types[i].Elem))
			h.check("", "allocating a reduction result")
			ka2.host = append(ka2.host, tmp)
			continue
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		id := h.g.names.id(s.Pat[i].Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(e.Types[i].Elem), strings.Join(inner, ", "))
		h.check("", "allocating %s", s.Pat[i].Name)
		ka2.host = append(ka2.host, id)
	}
	c2.kernelHead(name2, ka2.decls, prologue2)
	c2.line("if (get_global_id(0) != 0) return;")
	accs2, err := c2.newAccs(e.Reds, e.Types[:nAcc], s.Pos)
	if err != nil {
		return err
	}
	j := c2.fresh("j")
	c2.line("for (long %s = 0; %s < fcc_nchunks; %s++) {", j, j, j)
	c2.indent++
	xs2 := make([]kacc, nAcc)
	for i := 0; i < nAcc; i++ {
		t := e.Types[i]
		if t.Rank() == 0 {
			xs2[i] = kacc{scalar: load(&kview{ptr: fmt.Sprintf("part%d", i), elem: t.Elem}, j)}
			continue
		}
		pd := make([]string, t.Rank())
		for k, d := range t.Shape {
			x, err := c2.operand(d)
			if err != nil {
				return err
			}
			pd[k] = "(long)" + x
		}
		st := rowMajor(pd)
		off := fmt.Sprintf("%s * (%s)", j, strings.Join(pd, " * "))
		xs2[i] = kacc{view: &kview{ptr: fmt.Sprintf("part%d", i), off: off, dims: pd, strides: st, elem: t.Elem}}
	}
	if err := c2.combineArrays(e.Reds, accs2, xs2, s.Pos); err != nil {
		return err
	}
	c2.indent--
	c2.line("}")
	for i := 0; i < nAcc; i++ {
		if err := c2.storeFlat(outs[i], e.Types[i], "0", accs2[i]); err != nil {
			return err
		}
	}
	c2.kernelEnd()
	h.g.kernels = append(h.g.kernels, c2.b.String())
	if err := h.launch1D(c2, name2, "int64(1)", ka2); err != nil {
		return err
	}
	for i := 0; i < nAcc; i++ {
		h.line("c.ReleaseArray(%s)", parts[i])
		tmp, ok := readBack[i]
		if !ok {
			continue
		}
		gt, err := goPrim(e.Types[i].Elem)
		if err != nil {
			return err
		}
		h.line("%s_x, err := c.ReadScalarChecked(%s.Buf, %s, 0, fccErrors)", tmp, tmp, elemConst(e.Types[i].Elem))
		h.line("if err != nil {")
		h.line("\treturn nil, err")
		h.line("}")
		h.line("%s = %s_x.(%s)", h.g.names.id(s.Pat[i].Name), tmp, gt)
		h.line("c.ReleaseArray(%s)", tmp)
	}
	h.indent--
	h.line("}")
	return nil
}
