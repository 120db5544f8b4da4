package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates the kernels of Seg-ops and the host code that
// launches them.
//
//   - segmap: one work-item per point of the space (any rank), the flat
//     global id decoded into the space indices;
//   - segred over one dimension: two stages. Each work-item reduces a
//     contiguous chunk sequentially, each work-group combines its
//     work-items' results in local memory into one partial result, and a
//     second launch of one work-group combines the partial results. Chunks
//     are contiguous and the combining tree keeps operands in order, so
//     non-commutative operators are correct;
//   - segmented segred (two or more dimensions): one work-item per segment,
//     reducing its segment sequentially.

// kernelArgs are the parameters a kernel takes for the free names of a
// Seg-op: a buffer and its dimensions for an array, a value for a scalar.
type kernelArgs struct {
	decls []string // C parameter declarations
	host  []string // Go expressions passed to Launch, in the same order
}

// inputs declares the free names of a Seg-op as kernel parameters and
// binds them in the kernel's scope.
func (c *cgen) inputs(free []soac.VName) (*kernelArgs, []string, error) {
	// Every kernel can report run-time errors.
	ka := &kernelArgs{decls: []string{"__global long *fcc_err"}, host: []string{"fccErr"}}
	var prologue []string
	c.hostNames = map[soac.VName]bool{}
	for _, n := range free {
		c.hostNames[n] = true
		t, ok := c.g.types[n]
		if !ok {
			panic(fmt.Sprintf("backend: no type for free name %s", n))
		}
		id := c.g.names.id(n)
		if t.Rank() > 0 {
			st, err := cStorage(t.Elem)
			if err != nil {
				return nil, nil, err
			}
			// An array is a view: buffer, offset, dimensions and strides.
			ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, id), "long "+id+"_o")
			ka.host = append(ka.host, id+".Buf", id+".Offset")
			dims := make([]string, t.Rank())
			strides := make([]string, t.Rank())
			for k := range dims {
				dims[k] = fmt.Sprintf("%s_d%d", id, k)
				ka.decls = append(ka.decls, "long "+dims[k])
				ka.host = append(ka.host, fmt.Sprintf("%s.Shape[%d]", id, k))
			}
			for k := range dims {
				strides[k] = fmt.Sprintf("%s_s%d", id, k)
				ka.decls = append(ka.decls, "long "+strides[k])
				ka.host = append(ka.host, fmt.Sprintf("%s.Stride(%d)", id, k))
			}
			c.vars[n] = kval{view: &kview{ptr: id, off: id + "_o", dims: dims, strides: strides, elem: t.Elem}}
			continue
		}
		ct, err := cType(t.Elem)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case ct == "bool":
			// OpenCL forbids bool parameters; the runtime passes a uchar.
			ka.decls = append(ka.decls, "uchar "+id+"_u")
			prologue = append(prologue, fmt.Sprintf("bool %s = %s_u != 0;", id, id))
		case t.Elem == values.F16:
			// The runtime passes an f16 as its bits.
			ka.decls = append(ka.decls, "ushort "+id+"_h")
			prologue = append(prologue, fmt.Sprintf("float %s = fcc_h2f(%s_h);", id, id))
		default:
			ka.decls = append(ka.decls, ct+" "+id)
		}
		ka.host = append(ka.host, id)
		c.vars[n] = kval{scalar: id}
	}
	return ka, prologue, nil
}

// segFree is the sorted list of names a Seg-op uses from the host.
func segFree(e soac.Exp) []soac.VName {
	return sortedNames(soac.FreeInExp(e))
}

// decodeSpace emits the computation of the space indices from a flat
// index; dims are C expressions of the sizes.
func (c *cgen) decodeSpace(space []soac.SegDim, dims []string, flat string) {
	rem := c.fresh("rem")
	c.line("long %s = %s;", rem, flat)
	for d := len(space) - 1; d >= 0; d-- {
		id := c.g.names.id(space[d].Index)
		if d == 0 {
			c.line("long %s = %s;", id, rem)
		} else {
			c.line("long %s = %s %% %s;", id, rem, dims[d])
			c.line("%s = %s / %s;", rem, rem, dims[d])
		}
		c.vars[space[d].Index] = kval{scalar: id}
		c.bounds[space[d].Index] = space[d].N
	}
}

// kernelHead writes the kernel's signature and prologue.
func (c *cgen) kernelHead(name string, decls, prologue []string) {
	c.line("__kernel void %s(%s%s)", name, strings.Join(decls, ",\n    "), scratchMarker)
	c.line("{")
	c.indent++
	c.line("long fcc_gid = get_global_id(0), fcc_gsize = get_global_size(0);")
	for _, p := range prologue {
		c.line("%s", p)
	}
}

// kernelEnd closes the kernel and declares its scratch buffers.
func (c *cgen) kernelEnd() {
	c.indent--
	c.line("}")
	c.line("")
	src := strings.Replace(c.b.String(), scratchMarker, c.scratchDecls(), 1)
	c.b.Reset()
	c.b.WriteString(src)
}

// spaceArgs declares the sizes of a space as kernel parameters.
func (h *hgen) spaceArgs(c *cgen, space []soac.SegDim, ka *kernelArgs) ([]string, error) {
	dims := make([]string, len(space))
	for d, sd := range space {
		dims[d] = fmt.Sprintf("space_%d", d)
		ka.decls = append(ka.decls, "long "+dims[d])
		x, err := h.operand(sd.N)
		if err != nil {
			return nil, err
		}
		ka.host = append(ka.host, fmt.Sprintf("int64(%s)", x))
	}
	return dims, nil
}

// outputs declares one output buffer per result and allocates them on the
// host with the given shapes (Go expressions).
func (h *hgen) outputs(c *cgen, pat []soac.Param, types []soac.Type, shapes [][]string, ka *kernelArgs, prefix string) ([]string, error) {
	ptrs := make([]string, len(pat))
	for i, p := range pat {
		st, err := cStorage(types[i].Elem)
		if err != nil {
			return nil, err
		}
		ptrs[i] = fmt.Sprintf("%s%d", prefix, i)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, ptrs[i]))
		id := h.g.names.id(p.Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(types[i].Elem), strings.Join(shapes[i], ", "))
		h.check("", "allocating %s", p.Name)
		ka.host = append(ka.host, id)
	}
	return ptrs, nil
}

func (h *hgen) segMap(s *soac.Stm, e *soac.SegMapExp) error {
	c := h.g.newCgen()
	name := "segmap_" + h.g.names.id(s.Pat[0].Name)[2:]
	ka, prologue, err := c.inputs(segFree(e))
	if err != nil {
		return err
	}
	dims, err := h.spaceArgs(c, e.Space, ka)
	if err != nil {
		return err
	}
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	hostDims := ka.host[len(ka.host)-len(dims):]
	shapes := make([][]string, len(s.Pat))
	inBody := soac.BoundInBody(e.Body)
	for i := range shapes {
		for _, d := range e.Types[i].Shape {
			if v, ok := d.(soac.Var); ok && inBody[v.Name] {
				return unsupported("a kernel result whose size is computed by the kernel", s.Pos)
			}
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		shapes[i] = append(append([]string{}, hostDims...), inner...)
	}
	outs, err := h.outputs(c, s.Pat, e.Types, shapes, ka, "out")
	if err != nil {
		return err
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= %s) return;", strings.Join(dims, " * "))
	c.decodeSpace(e.Space, dims, "gtid")
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	for i, r := range res {
		if err := c.storeResult(outs[i], e.Types[i], "gtid", r, e.Body.Result[i]); err != nil {
			return err
		}
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	total := "(" + strings.Join(hostDims, " * ") + ")"
	return h.launch1D(c, name, total, ka)
}

// redValues counts the accumulators of a list of reductions.
func redValues(reds []soac.Reduce) int {
	n := 0
	for _, r := range reds {
		n += len(r.Neutral)
	}
	return n
}

// neutrals emits C variables holding the reductions' neutral elements.
func (c *cgen) neutrals(reds []soac.Reduce, types []soac.Type, base string) ([]string, error) {
	var acc []string
	k := 0
	for _, r := range reds {
		for _, ne := range r.Neutral {
			x, err := c.operand(ne)
			if err != nil {
				return nil, err
			}
			ct, err := cType(types[k].Elem)
			if err != nil {
				return nil, err
			}
			id := fmt.Sprintf("%s%d", base, k)
			c.line("%s %s = %s;", ct, id, x)
			acc = append(acc, id)
			k++
		}
	}
	return acc, nil
}

func (h *hgen) segRed(s *soac.Stm, e *soac.SegRedExp) error {
	nRed := redValues(e.Reds)
	for i := 0; i < nRed; i++ {
		if e.Types[i].Rank() > 0 {
			return fmt.Errorf("not yet supported by the OpenCL backend: reduction over arrays at %s", s.Pos)
		}
	}
	if len(e.Space) == 1 {
		return h.segRedFlat(s, e, nRed)
	}
	c := h.g.newCgen()
	name := "segred_" + h.g.names.id(s.Pat[0].Name)[2:]
	ka, prologue, err := c.inputs(segFree(e))
	if err != nil {
		return err
	}
	dims, err := h.spaceArgs(c, e.Space, ka)
	if err != nil {
		return err
	}
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	hostDims := ka.host[len(ka.host)-len(dims):]
	shapes := make([][]string, len(s.Pat))
	for i := range shapes {
		if i < nRed {
			shapes[i] = hostDims[:len(dims)-1]
			continue
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		shapes[i] = append(append([]string{}, hostDims...), inner...)
	}
	outs, err := h.outputs(c, s.Pat, e.Types, shapes, ka, "out")
	if err != nil {
		return err
	}
	outer, inner := dims[:len(dims)-1], dims[len(dims)-1]
	c.kernelHead(name, ka.decls, prologue)
	c.line("long seg = get_global_id(0);")
	c.line("if (seg >= %s) return;", strings.Join(outer, " * "))
	c.decodeSpace(e.Space[:len(dims)-1], outer, "seg")
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return err
	}
	idx := h.g.names.id(e.Space[len(dims)-1].Index)
	c.line("for (long %s = 0; %s < %s; %s++) {", idx, idx, inner, idx)
	c.indent++
	c.vars[e.Space[len(dims)-1].Index] = kval{scalar: idx}
	c.bounds[e.Space[len(dims)-1].Index] = e.Space[len(dims)-1].N
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	if err := c.combine(e.Reds, acc, res[:nRed]); err != nil {
		return err
	}
	for i := nRed; i < len(res); i++ {
		if err := c.storeResult(outs[i], e.Types[i], fmt.Sprintf("seg * %s + %s", inner, idx), res[i], e.Body.Result[i]); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for i := 0; i < nRed; i++ {
		c.line("%s", store(outs[i], e.Types[i].Elem, "seg", acc[i]))
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	segs := "(" + strings.Join(hostDims[:len(dims)-1], " * ") + ")"
	return h.launch1D(c, name, segs, ka)
}

// treeReduce emits the in-order combination of the work-group's values in
// local memory lmem (one array per accumulator); afterwards element 0
// holds the group's result.
func (c *cgen) treeReduce(reds []soac.Reduce, types []soac.Type, lmem []string) error {
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("for (long s = 1; s < lsize; s *= 2) {")
	c.indent++
	c.line("if (ltid %% (2 * s) == 0 && ltid + s < lsize) {")
	c.indent++
	a, b := make([]string, len(lmem)), make([]string, len(lmem))
	for k, l := range lmem {
		ct, _ := cType(types[k].Elem)
		a[k], b[k] = c.fresh("a"), c.fresh("b")
		c.line("%s %s = %s;", ct, a[k], load(&kview{ptr: l, elem: types[k].Elem}, "ltid"))
		c.line("%s %s = %s;", ct, b[k], load(&kview{ptr: l, elem: types[k].Elem}, "ltid + s"))
	}
	if err := c.combine(reds, a, b); err != nil {
		return err
	}
	for k, l := range lmem {
		c.line("%s", store(l, types[k].Elem, "ltid", a[k]))
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	return nil
}

func (h *hgen) segRedFlat(s *soac.Stm, e *soac.SegRedExp, nRed int) error {
	base := h.g.names.id(s.Pat[0].Name)[2:]
	name1, name2 := "segred_"+base+"_stage1", "segred_"+base+"_stage2"
	free := segFree(e)

	// Stage 1.
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return err
	}
	dims, err := h.spaceArgs(c, e.Space, ka)
	if err != nil {
		return err
	}
	nHost := ka.host[len(ka.host)-1]
	h.line("// %s, %s", name1, name2)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	h.line("group := c.DefaultGroupSize()")
	h.line("ngroups := min(fccGroups(%s, group), max(c.DefaultNumGroups(), 1))", nHost)
	h.line("chunk := (%s + ngroups*group - 1) / (ngroups * group)", nHost)
	ka.decls = append(ka.decls, "long chunk")
	ka.host = append(ka.host, "chunk")
	// Temporaries are released at the end of the block rather than
	// deferred, since the block may run in a host loop.
	var releases []string
	partials := make([]string, nRed)
	lmem := make([]string, nRed)
	for k := 0; k < nRed; k++ {
		st, err := cStorage(e.Types[k].Elem)
		if err != nil {
			return err
		}
		partials[k] = fmt.Sprintf("partial%d", k)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, partials[k]))
		h.line("%s_%d, err := c.NewArray(%s, []int64{ngroups})", base, k, elemConst(e.Types[k].Elem))
		h.check("", "allocating partial results")
		releases = append(releases, fmt.Sprintf("%s_%d", base, k))
		ka.host = append(ka.host, fmt.Sprintf("%s_%d", base, k))
	}
	mapPat, mapTypes := s.Pat[nRed:], e.Types[nRed:]
	shapes := make([][]string, len(mapPat))
	for i := range shapes {
		inner, err := h.shapeExprs(mapTypes[i].Shape)
		if err != nil {
			return err
		}
		shapes[i] = append([]string{nHost}, inner...)
	}
	outs, err := h.outputs(c, mapPat, mapTypes, shapes, ka, "mapout")
	if err != nil {
		return err
	}
	for k := 0; k < nRed; k++ {
		st, _ := cStorage(e.Types[k].Elem)
		lmem[k] = fmt.Sprintf("lmem%d", k)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", st, lmem[k]))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(group * %d)", e.Types[k].Elem.Size()))
	}
	c.kernelHead(name1, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c.line("long start = get_global_id(0) * chunk;")
	c.line("long end = min(start + chunk, %s);", dims[0])
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return err
	}
	idx := h.g.names.id(e.Space[0].Index)
	c.line("for (long %s = start; %s < end; %s++) {", idx, idx, idx)
	c.indent++
	c.vars[e.Space[0].Index] = kval{scalar: idx}
	c.bounds[e.Space[0].Index] = e.Space[0].N
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	if err := c.combine(e.Reds, acc, res[:nRed]); err != nil {
		return err
	}
	for i := nRed; i < len(res); i++ {
		if err := c.storeResult(outs[i-nRed], e.Types[i], idx, res[i], e.Body.Result[i]); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for k := range acc {
		c.line("%s", store(lmem[k], e.Types[k].Elem, "ltid", acc[k]))
	}
	if err := c.treeReduce(e.Reds, e.Types, lmem); err != nil {
		return err
	}
	c.line("if (ltid == 0) {")
	for k := range acc {
		c.line("  %s", store(partials[k], e.Types[k].Elem, "get_group_id(0)", load(&kview{ptr: lmem[k], elem: e.Types[k].Elem}, "0")))
	}
	c.line("}")
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	if err := h.launchKernel(c, ka, name1, "ngroups * group", "group"); err != nil {
		return err
	}

	// Stage 2: one work-group combines the partial results, in order.
	c2 := h.g.newCgen()
	ka2, prologue2, err := c2.inputs(free)
	if err != nil {
		return err
	}
	ka2.decls = append(ka2.decls, "long ngroups", "long chunk")
	ka2.host = append(ka2.host, "ngroups", "(ngroups + group - 1) / group")
	results := make([]string, nRed)
	for k := 0; k < nRed; k++ {
		st, _ := cStorage(e.Types[k].Elem)
		ka2.decls = append(ka2.decls, fmt.Sprintf("__global %s *%s", st, partials[k]))
		ka2.host = append(ka2.host, fmt.Sprintf("%s_%d", base, k))
		results[k] = fmt.Sprintf("result%d", k)
		ka2.decls = append(ka2.decls, fmt.Sprintf("__global %s *%s", st, results[k]))
		h.line("%s_r%d, err := c.NewArray(%s, []int64{1})", base, k, elemConst(e.Types[k].Elem))
		h.check("", "allocating a reduction result")
		releases = append(releases, fmt.Sprintf("%s_r%d", base, k))
		ka2.host = append(ka2.host, fmt.Sprintf("%s_r%d", base, k))
	}
	for k := 0; k < nRed; k++ {
		st, _ := cStorage(e.Types[k].Elem)
		ka2.decls = append(ka2.decls, fmt.Sprintf("__local %s *%s", st, lmem[k]))
		ka2.host = append(ka2.host, fmt.Sprintf("exe.Local(group * %d)", e.Types[k].Elem.Size()))
	}
	c2.kernelHead(name2, ka2.decls, prologue2)
	c2.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c2.line("long start = ltid * chunk;")
	c2.line("long end = min(start + chunk, ngroups);")
	acc2, err := c2.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return err
	}
	c2.line("for (long i = start; i < end; i++) {")
	c2.indent++
	xs := make([]string, nRed)
	for k := range xs {
		xs[k] = load(&kview{ptr: partials[k], elem: e.Types[k].Elem}, "i")
	}
	if err := c2.combine(e.Reds, acc2, xs); err != nil {
		return err
	}
	c2.indent--
	c2.line("}")
	for k := range acc2 {
		c2.line("%s", store(lmem[k], e.Types[k].Elem, "ltid", acc2[k]))
	}
	if err := c2.treeReduce(e.Reds, e.Types, lmem); err != nil {
		return err
	}
	c2.line("if (ltid == 0) {")
	for k := range acc2 {
		c2.line("  %s", store(results[k], e.Types[k].Elem, "0", load(&kview{ptr: lmem[k], elem: e.Types[k].Elem}, "0")))
	}
	c2.line("}")
	c2.kernelEnd()
	h.g.kernels = append(h.g.kernels, c2.b.String())
	h.line("if err := c.Launch(%q, []int64{group}, []int64{group}, %s); err != nil {", name2, strings.Join(ka2.host, ", "))
	h.line("\treturn nil, err")
	h.line("}")
	for k := 0; k < nRed; k++ {
		gt, err := goPrim(e.Types[k].Elem)
		if err != nil {
			return err
		}
		id := h.g.names.id(s.Pat[k].Name)
		h.checkKernels()
		h.line("%s_x%d, err := c.ReadScalar(%s_r%d.Buf, %s, 0)", base, k, base, k, elemConst(e.Types[k].Elem))
		h.check("", "reading a reduction result")
		h.line("%s = %s_x%d.(%s)", id, base, k, gt)
	}
	for _, r := range releases {
		h.line("c.ReleaseArray(%s)", r)
	}
	h.indent--
	h.line("}")
	return nil
}
