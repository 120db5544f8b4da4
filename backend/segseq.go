package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the sequential Seg-op kernels: top-level reductions
// and scans whose operators have array values, which the optimiser and
// flattening did not interchange into segmented ones over scalars (segred.go
// and segscan.go dispatch here). A flat reduction is folded in chunks and
// then over the chunks' results; a scan or a segmented reduction runs
// with one work-item per segment. Array accumulators live in
// per-work-item scratch (karrays.go, kcoverage.go).

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
	v, err := versionWith(s, "", "chunks folded by single work-items", soac.ItemsAlone)
	if err != nil {
		return err
	}
	fill, err := launchHost(v, soac.LaunchSeqChunks)
	if err != nil {
		return fmt.Errorf("%s: %v", s.Pos, err)
	}
	nch, chunk := h.fresh("nchunks"), h.fresh("chunk")
	h.line("%s := max(int64(1), min(%s, c.DefaultGroupSize()*%s))", nch, n, fill)
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
