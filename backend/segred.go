package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates segred, the reduction Seg-op, in one of three
// strategies chosen on the host at run time (exe.Context.SegRedGroups):
//
//   - segments of up to 1024 elements: a team of 1 to 32 work-items per
//     segment, reading it coalesced (segred_X, see segRedTeam); one
//     work-item per segment when segments are shorter than 16;
//   - medium segments: one work-group per segment (segred_X_stage1 with
//     gps = 1), writing the results directly;
//   - few large segments: gps work-groups per segment, each reducing a
//     contiguous part of it into a partial result (segred_X_stage1), and
//     a second launch with one work-group per segment combining its
//     partial results in order (segred_X_stage2).
//
// A one-dimensional segred is one segment split over enough work-groups
// to fill the device, followed by stage 2. A commutative one over a few
// segments that are an array's contiguous dimension takes the columns
// strategy instead (segred_columns.go).
//
// Inside a work-group, for commutative operators work-item i reads
// elements start+i, start+i+lsize, … (coalesced, four loads in flight per
// iteration) and the work-items' values are combined by a tree with
// sequential addressing; otherwise each work-item reduces a contiguous
// chunk and the tree keeps operands in order, so that non-commutative
// operators are correct.

// treeReduce emits the in-order combination of the work-group's values in
// local memory lmem (one array per accumulator); afterwards element 0
// holds the group's result.
func (c *cgen) treeReduce(reds []soac.Reduce, types []soac.Type, lmem []string) error {
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("for (long s = 1; s < lsize; s *= 2) {")
	c.indent++
	c.line("if (ltid %% (2 * s) == 0 && ltid + s < lsize) {")
	return c.treeStep(reds, types, lmem, "ltid + s")
}

// treeReduceComm is treeReduce for commutative operators, with sequential
// addressing (active work-items and local memory accesses contiguous).
func (c *cgen) treeReduceComm(reds []soac.Reduce, types []soac.Type, lmem []string) error {
	p2 := c.fresh("p2")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("long %s = 1;", p2)
	c.line("while (%s < lsize) %s <<= 1;", p2, p2)
	c.line("for (long s = %s / 2; s > 0; s >>= 1) {", p2)
	c.indent++
	c.line("if (ltid < s && ltid + s < lsize) {")
	return c.treeStep(reds, types, lmem, "ltid + s")
}

// treeStep emits lmem[ltid] = op(lmem[ltid], lmem[partner]) and closes
// the tree's loop.
func (c *cgen) treeStep(reds []soac.Reduce, types []soac.Type, lmem []string, partner string) error {
	c.indent++
	a, b := make([]string, len(lmem)), make([]string, len(lmem))
	for k, l := range lmem {
		ct, _ := cType(types[k].Elem)
		a[k], b[k] = c.fresh("a"), c.fresh("b")
		c.line("%s %s = %s;", ct, a[k], load(&kview{ptr: l, elem: types[k].Elem}, "ltid"))
		c.line("%s %s = %s;", ct, b[k], load(&kview{ptr: l, elem: types[k].Elem}, partner))
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

// groupLoop opens a loop of idx over this work-item's share of the
// work-group's range [start, end): strided (coalesced) when comm, else a
// contiguous chunk, so that the work-items' results are in order.
func (c *cgen) groupLoop(idx, start, end string, comm bool) {
	if comm {
		c.line("for (long %s = %s + ltid; %s < %s; %s += lsize) {", idx, start, idx, end, idx)
	} else {
		ch, s0, e0 := c.fresh("chunk"), c.fresh("cstart"), c.fresh("cend")
		c.line("long %s = (max(%s - %s, 0L) + lsize - 1) / lsize;", ch, end, start)
		c.line("long %s = %s + ltid * %s;", s0, start, ch)
		c.line("long %s = min(%s + %s, %s);", e0, s0, ch, end)
		c.line("for (long %s = %s; %s < %s; %s++) {", idx, s0, idx, e0, idx)
	}
	c.indent++
}

// groupFinish stores the work-item's accumulators in local memory, combines
// them over the work-group and has work-item 0 write the group's result
// to element at of the buffers out.
func (c *cgen) groupFinish(reds []soac.Reduce, types []soac.Type, acc, lmem, out []string, at string, comm bool) error {
	if err := c.groupCombine(reds, types, acc, lmem, comm); err != nil {
		return err
	}
	c.line("if (ltid == 0) {")
	for k := range acc {
		c.line("  %s", store(out[k], types[k].Elem, at, load(&kview{ptr: lmem[k], elem: types[k].Elem}, "0")))
	}
	c.line("}")
	return nil
}

// groupCombine emits the combination of the work-items' values acc
// through the local arrays lmem: afterwards lmem[0] holds the group's.
func (c *cgen) groupCombine(reds []soac.Reduce, types []soac.Type, acc, lmem []string, comm bool) error {
	for k := range acc {
		c.line("%s", store(lmem[k], types[k].Elem, "ltid", acc[k]))
	}
	if comm {
		return c.treeReduceComm(reds, types, lmem)
	}
	return c.treeReduce(reds, types, lmem)
}

// redLocals declares the local memory of the reduction's accumulators.
func redLocals(e *soac.SegRedExp, nRed int, ka *kernelArgs) []string {
	lmem := make([]string, nRed)
	for k := range lmem {
		lmem[k] = fmt.Sprintf("lmem%d", k)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", mustStorage(e.Types[k].Elem), lmem[k]))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(group * %d)", e.Types[k].Elem.Size()))
	}
	return lmem
}

// bufArgs declares global buffers prefix0, prefix1, … of types' elements,
// passed as the Go expressions host.
func bufArgs(ka *kernelArgs, types []soac.Type, prefix string, host []string) []string {
	ptrs := make([]string, len(host))
	for k := range host {
		ptrs[k] = fmt.Sprintf("%s%d", prefix, k)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(types[k].Elem), ptrs[k]))
		ka.host = append(ka.host, host[k])
	}
	return ptrs
}

// unrolledLoop emits the loop of a work-item over elements start, start
// + step, … below end (C expressions), element emitting the work on
// element idx: four elements per iteration with no bounds test between
// them, so that their loads are all in flight before the first is used,
// then the last ones one by one.
func (c *cgen) unrolledLoop(idx, start, end, step string, element func() error) error {
	c.line("long j0 = %s;", start)
	c.line("for (; j0 + 3 * (%s) < %s; j0 += 4 * (%s)) {", step, end, step)
	c.indent++
	c.line("#pragma unroll")
	c.line("for (int u = 0; u < 4; u++) {")
	c.indent++
	c.line("long %s = j0 + u * (%s);", idx, step)
	if err := element(); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.line("for (; j0 < %s; j0 += %s) {", end, step)
	c.indent++
	c.line("long %s = j0;", idx)
	if err := element(); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	return nil
}

// segRedElement emits the reduction into acc of element idx (a C
// variable) of the segment, whose length is inner, and the stores of its
// map-out results to mapOuts.
func (c *cgen) segRedElement(e *soac.SegRedExp, nRed int, idx, inner string, acc, mapOuts []string) error {
	last := e.Space[len(e.Space)-1]
	c.vars[last.Index] = kval{scalar: idx}
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	if err := c.combine(e.Reds, acc, res[:nRed]); err != nil {
		return err
	}
	for i := nRed; i < len(res); i++ {
		if err := c.storeResult(mapOuts[i-nRed], e.Types[i], fmt.Sprintf("seg * %s + %s", inner, idx), res[i], e.Body.Result[i]); err != nil {
			return err
		}
	}
	return nil
}

// segRedStage1 generates the kernel in which gps work-groups reduce each
// segment (the last dimension of the space), group g reducing the g%gps'th
// part of segment g/gps into element g of the buffers parts (Go
// expressions), and the map-out results are written to mapOuts.
func (h *hgen) segRedStage1(e *soac.SegRedExp, nRed int, name string, comm bool, parts, mapOuts []string) (*cgen, *kernelArgs, error) {
	// Commutative reductions finish in this kernel (see singlePassFinish):
	// parts are then the results themselves.
	fused := comm
	k, err := h.newSegKernel(segFree(e), e.Space, "gps")
	if err != nil {
		return nil, nil, err
	}
	c, ka, dims := k.c, k.ka, k.dims
	partPtrs := bufArgs(ka, e.Types[:nRed], "part", parts)
	outs := bufArgs(ka, e.Types[nRed:], "mapout", mapOuts)
	lmem := redLocals(e, nRed, ka)
	if fused {
		h.g.needInt64Atomics = true
		ka.decls = append(ka.decls, "__global ulong *sync", "__local long *lflag")
		ka.host = append(ka.host, "syncBuf", "exe.Local(8)")
	}
	r := len(dims) - 1
	outer, inner := dims[:r], dims[r]
	k.head(name)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c.line("long grp = get_group_id(0), seg = grp / gps, part = grp %% gps;")
	if r > 0 {
		c.decodeSpace(e.Space[:r], outer, "seg")
	}
	if !comm {
		// A contiguous part of the segment per group, combined in order.
		c.line("long per = (%s + gps - 1) / gps;", inner)
		c.line("long gstart = min(part * per, %s), gend = min(gstart + per, %s);", inner, inner)
	}
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	idx := h.g.names.id(e.Space[r].Index)
	element := func() error { return c.segRedElement(e, nRed, idx, inner, acc, outs) }
	if comm {
		// The gps work-groups of a segment stride over it together:
		// work-item i of group p reads elements p*lsize+i, then gps*lsize
		// further, and so on, so that at any time the device reads one
		// contiguous window of memory (coalesced, and kind to the DRAM's
		// pages), four elements per iteration with no bounds test between
		// them, so that all four loads are in flight before the first is
		// combined: one load at a time per work-item leaves a GPU's memory
		// system underused even at full occupancy. The last elements
		// follow one by one. On an H100, a contiguous part of the segment
		// per group (gstart..gend) took 154 us for the sum of 10^8 f32
		// against 140 us this way; eight loads per iteration were 4-7%
		// slower than four. The order of combination does not matter:
		// the operators are commutative.
		c.line("long step = gps * lsize;")
		if err := c.unrolledLoop(idx, "part * lsize + ltid", inner, "step", element); err != nil {
			return nil, nil, err
		}
	} else {
		c.groupLoop(idx, "gstart", "gend", comm)
		if err := element(); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
	}
	if fused {
		nsegs := strings.Join(append([]string{"1"}, outer...), " * ")
		if err := c.singlePassFinish(e.Reds, e.Types[:nRed], acc, lmem, partPtrs, nsegs); err != nil {
			return nil, nil, err
		}
	} else if err := c.groupFinish(e.Reds, e.Types, acc, lmem, partPtrs, "grp", comm); err != nil {
		return nil, nil, err
	}
	k.end()
	return c, ka, nil
}

// singlePassFinish emits the end of a commutative reduction's only kernel:
// the work-group's values are combined; with one group per segment (gps
// 1) the first work-item writes the segment's result; otherwise it
// publishes the group's value in the sync buffer and counts the group in,
// and the last group of the segment to arrive combines the published
// values and writes the result. This saves the second kernel of the
// two-stage reduction and its launch: on NVIDIA's OpenCL each launch
// costs some 10 us of latency, 6% of the time of a sum of 10^8 f32 on an
// H100.
//
// The sync buffer (Context.SyncBuffer, zero between kernels) holds a
// counter per segment, then the groups' values as tagged words (see
// scanGen.packWords): each word is written by an atomic exchange and
// read by a volatile load until its tag shows, so no memory fence is
// relied on between work-groups. The last group zeroes the counter and
// the words it consumed.
func (c *cgen) singlePassFinish(reds []soac.Reduce, types []soac.Type, acc, lmem, results []string, nsegs string) error {
	if err := c.groupCombine(reds, types, acc, lmem, true); err != nil {
		return err
	}
	total := make([]string, len(acc))
	for k := range acc {
		total[k] = load(&kview{ptr: lmem[k], elem: types[k].Elem}, "0")
	}
	sg := &scanGen{types: types, nScan: len(types)}
	words := sg.packWords(total, "")
	W := len(words)
	slot := func(q string) string { return fmt.Sprintf("%s + (seg * gps + %s) * %d", nsegs, q, W) }
	c.line("if (gps == 1) {")
	c.indent++
	c.line("if (ltid == 0) {")
	for k := range acc {
		c.line("  %s", store(results[k], types[k].Elem, "seg", total[k]))
	}
	c.line("}")
	c.indent--
	c.line("} else {")
	c.indent++
	c.line("if (ltid == 0) {")
	c.indent++
	for w, x := range words {
		c.line("atom_xchg(&sync[%s + %d], (1UL << 32) | (ulong)%s);", slot("part"), w, x)
	}
	c.line("ulong arrived = atom_inc(&sync[seg]);")
	c.line("lflag[0] = arrived == (ulong)(gps - 1);")
	c.line("if (lflag[0]) atom_xchg(&sync[seg], 0UL);")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (lflag[0]) {")
	c.indent++
	macc, err := c.neutrals(reds, types, "macc")
	if err != nil {
		return err
	}
	c.line("for (long q = ltid; q < gps; q += lsize) {")
	c.indent++
	ws := make([]string, W)
	for w := range ws {
		ws[w] = c.fresh("w")
		c.line("ulong %s;", ws[w])
		c.line("do { %s = ((volatile __global ulong *)sync)[%s + %d]; } while ((%s >> 32) == 0);", ws[w], slot("q"), w, ws[w])
		c.line("sync[%s + %d] = 0UL;", slot("q"), w)
	}
	xs, _ := sg.unpackWords(c, ws)
	if err := c.combine(reds, macc, xs); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	if err := c.groupCombine(reds, types, macc, lmem, true); err != nil {
		return err
	}
	c.line("if (ltid == 0) {")
	for k := range macc {
		c.line("  %s", store(results[k], types[k].Elem, "seg", load(&kview{ptr: lmem[k], elem: types[k].Elem}, "0")))
	}
	c.line("}")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// segRedStage2 generates the kernel in which work-group g combines, in
// order, the gps partial results parts[g*gps …] of segment g into element
// g of results.
func (h *hgen) segRedStage2(e *soac.SegRedExp, nRed int, name string, comm bool, parts, results []string) (*cgen, *kernelArgs, error) {
	k, err := h.newSegKernel(segFree(e), nil, "gps")
	if err != nil {
		return nil, nil, err
	}
	c, ka := k.c, k.ka
	partPtrs := bufArgs(ka, e.Types[:nRed], "part", parts)
	resPtrs := bufArgs(ka, e.Types[:nRed], "result", results)
	lmem := redLocals(e, nRed, ka)
	k.head(name)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c.line("long seg = get_group_id(0);")
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	c.groupLoop("j", "seg * gps", "(seg + 1) * gps", comm)
	if err := c.combineFrom(e.Reds, e.Types, acc, partPtrs[:nRed], "j"); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	if err := c.groupFinish(e.Reds, e.Types, acc, lmem, resPtrs, "seg", comm); err != nil {
		return nil, nil, err
	}
	k.end()
	return c, ka, nil
}

// segRedTeam generates the kernel in which a team of W work-items (W a
// power of two dividing the group size, a kernel argument: see
// exe.Context.SegRedTeam) reduces each segment: with a commutative
// operator lane l reads elements l, l+W, … of its segment, so that a team
// reads consecutive elements (coalesced, whatever the segment length)
// with four loads in flight; otherwise each lane reads a contiguous
// chunk, keeping operands in order. The lanes' values go through local
// memory to the team's first lane, which combines them in lane order and
// writes the segment's result. W = 1 is one work-item per segment (a map,
// for segments of one element).
func (h *hgen) segRedTeam(e *soac.SegRedExp, nRed int, name string, comm bool, outHost []string) (*cgen, *kernelArgs, error) {
	k, err := h.newSegKernel(segFree(e), e.Space, "team")
	if err != nil {
		return nil, nil, err
	}
	c, ka, dims := k.c, k.ka, k.dims
	outs := bufArgs(ka, e.Types, "out", outHost)
	lmem := redLocals(e, nRed, ka)
	r := len(dims) - 1
	outer, inner := dims[:r], dims[r]
	k.head(name)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c.line("long lane = ltid & (team - 1);")
	c.line("long seg = get_group_id(0) * (lsize / team) + ltid / team;")
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	c.line("if (seg < %s) {", strings.Join(append([]string{"1"}, outer...), " * "))
	c.indent++
	c.decodeSpace(e.Space[:r], outer, "seg")
	idx := h.g.names.id(e.Space[r].Index)
	element := func() error { return c.segRedElement(e, nRed, idx, inner, acc, outs[nRed:]) }
	if comm {
		// Four elements per iteration with no bounds test between their
		// loads (see segRedStage1), then the rest one by one.
		if err := c.unrolledLoop(idx, "lane", inner, "team", element); err != nil {
			return nil, nil, err
		}
	} else {
		c.line("long per = (%s + team - 1) / team;", inner)
		c.line("long j0 = min(lane * per, %s), j1 = min(j0 + per, %s);", inner, inner)
		c.line("for (long %s = j0; %s < j1; %s++) {", idx, idx, idx)
		c.indent++
		if err := element(); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
	}
	c.indent--
	c.line("}")
	// The team's values, combined in lane order by its first lane. The
	// barrier is unconditional even when team is 1: PoCL miscompiles a
	// barrier under a condition it cannot prove uniform (the last
	// segment lost values).
	c.line("{")
	c.indent++
	for k := range acc {
		c.line("%s", store(lmem[k], e.Types[k].Elem, "ltid", acc[k]))
	}
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (lane == 0) {")
	c.indent++
	c.line("for (long l = 1; l < team; l++) {")
	c.indent++
	if err := c.combineFrom(e.Reds, e.Types, acc, lmem[:nRed], "ltid + l"); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.line("if (lane == 0 && seg < %s) {", strings.Join(append([]string{"1"}, outer...), " * "))
	for i := 0; i < nRed; i++ {
		c.line("  %s", store(outs[i], e.Types[i].Elem, "seg", acc[i]))
	}
	c.line("}")
	k.end()
	return c, ka, nil
}

func (h *hgen) segRed(s *soac.Stm, e *soac.SegRedExp) error {
	nRed := soac.ReduceValues(e.Reds)
	for i := 0; i < nRed; i++ {
		if e.Types[i].Rank() > 0 {
			return h.segRedArrays(s, e) // segseq.go
		}
	}
	for i := range e.Types {
		if _, err := cStorage(e.Types[i].Elem); err != nil {
			return err
		}
	}
	base := h.g.names.id(s.Pat[0].Name)[2:]
	name := "segred_" + base
	name1, name2 := name+"_stage1", name+"_stage2"
	// The lowered form decides the kernels (rewrite/lower): with a
	// reorder-stride the work-items read interleaved elements and the
	// groups' results may be combined in any order, in the one kernel;
	// without, each work-item reads a contiguous chunk and the results
	// are combined in order, the groups' by a second kernel.
	flat := len(e.Space) == 1
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	gname := ""
	if !flat {
		gname = "groups"
		if _, err := versionWith(s, "team", "a team of work-items per segment"); err != nil {
			return err
		}
	}
	groups, err := versionWith(s, gname, "partial results a work-group combines", soac.GroupCombines)
	if err != nil {
		return err
	}
	comm := groups.Has(soac.Strided)
	hostDims, err := h.spaceSizes(e.Space)
	if err != nil {
		return err
	}
	r := len(e.Space) - 1
	if flat {
		h.line("// %s, %s", name1, name2)
	} else {
		h.line("// %s, %s, %s", name, name1, name2)
	}
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	h.line("group := c.DefaultGroupSize()")
	h.line("segs := int64(%s)", strings.Join(append([]string{"1"}, hostDims[:r]...), " * "))
	h.line("seglen := %s", hostDims[r])
	h.line("_, _ = segs, seglen")
	// The results: the reductions' (on the host, scalars when flat) and
	// the map-out arrays.
	outHost := make([]string, len(s.Pat))
	var releases []string
	for i, p := range s.Pat {
		id := h.g.names.id(p.Name)
		outHost[i] = id
		var shape []string
		switch {
		case i < nRed && flat:
			outHost[i] = fmt.Sprintf("%s_r%d", base, i)
			releases = append(releases, outHost[i])
			h.line("%s, err := c.NewArray(%s, []int64{1})", outHost[i], elemConst(e.Types[i].Elem))
			h.check("", "allocating a reduction result")
			continue
		case i < nRed:
			shape = hostDims[:r]
		default:
			inner, err := h.shapeExprs(e.Types[i].Shape)
			if err != nil {
				return err
			}
			shape = append(append([]string{}, hostDims...), inner...)
		}
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(e.Types[i].Elem), strings.Join(shape, ", "))
		h.check("", "allocating %s", p.Name)
	}
	// The GPU versions, and on a CPU the cpu version (segred_cpu.go).
	cpu := lw.Version(soac.CPUVersion)
	h.openGPU(cpu != nil)
	parts := make([]string, nRed)
	for k := range parts {
		parts[k] = fmt.Sprintf("%s_p%d", base, k)
	}
	launch := soac.LaunchFlatGroups
	if !flat {
		launch = soac.LaunchSegGroups
	}
	gps, err := launchHost(groups, launch)
	if err != nil {
		return err
	}
	h.line("gps := %s", gps)
	cols := ""
	if !flat && comm {
		cols = h.columnsCond(e) // segred_columns.go
	}
	if cols != "" {
		h.line("if %s {", cols)
		h.indent++
		h.line("gps := c.FlatReduceGroups(segs*seglen, group, %s)", goLaunch(groups.LaunchParams))
		h.partials(e, parts, outHost, "gps")
		cc, kac, err := h.segRedColumns(e, nRed, name+"_columns", parts, outHost[nRed:])
		if err != nil {
			return err
		}
		if err := h.launchKernel(cc, kac, name+"_columns", "gps * group", "group"); err != nil {
			return err
		}
		stage2 := func() (*cgen, *kernelArgs, error) {
			return h.segRedStage2(e, nRed, name2, true, parts, outHost[:nRed])
		}
		if err := h.combinePartials("gps", parts, stage2, name2, "segs * group", "group"); err != nil {
			return err
		}
		h.indent--
		h.line("} else {")
		h.indent++
	}
	if !flat {
		team, err := launchHost(lw.Version("team"), soac.LaunchTeam)
		if err != nil {
			return err
		}
		h.line("if gps == 0 {")
		h.indent++
		h.line("team := %s", team)
		cs, kas, err := h.segRedTeam(e, nRed, name, lw.Version("team").Has(soac.Strided), outHost)
		if err != nil {
			return err
		}
		if err := h.launchKernel(cs, kas, name, "fccGroups(segs, group/team) * group", "group"); err != nil {
			return err
		}
		h.indent--
		h.line("} else {")
		h.indent++
	}
	if comm {
		// One kernel (see singlePassFinish).
		c1, ka1, err := h.segRedStage1(e, nRed, name1, comm, outHost[:nRed], outHost[nRed:])
		if err != nil {
			return err
		}
		sg := &scanGen{types: e.Types[:nRed], nScan: nRed}
		h.line("syncBuf, err := c.SyncBuffer(segs * (1 + gps*%d))", sg.wordCount())
		h.check("", "allocating the reduction's synchronisation buffer")
		if err := h.launchKernel(c1, ka1, name1, "segs * gps * group", "group"); err != nil {
			return err
		}
		if !flat {
			h.indent--
			h.line("}")
		}
		if cols != "" {
			h.indent--
			h.line("}")
		}
		if err := h.segRedCPU(e, nRed, name, cpu, outHost); err != nil {
			return err
		}
		return h.segRedEnd(s, e, nRed, flat, base, outHost, releases)
	}
	h.partials(e, parts, outHost, "gps")
	c1, ka1, err := h.segRedStage1(e, nRed, name1, comm, parts, outHost[nRed:])
	if err != nil {
		return err
	}
	if err := h.launchKernel(c1, ka1, name1, "segs * gps * group", "group"); err != nil {
		return err
	}
	stage2 := func() (*cgen, *kernelArgs, error) {
		return h.segRedStage2(e, nRed, name2, comm, parts, outHost[:nRed])
	}
	if err := h.combinePartials("gps", parts, stage2, name2, "segs * group", "group"); err != nil {
		return err
	}
	if !flat {
		h.indent--
		h.line("}")
	}
	if err := h.segRedCPU(e, nRed, name, cpu, outHost); err != nil {
		return err
	}
	return h.segRedEnd(s, e, nRed, flat, base, outHost, releases)
}

// combineFrom combines into acc, with reds, the values at index idx (a C
// expression) of the buffers ptrs, one a reduction value.
func (c *cgen) combineFrom(reds []soac.Reduce, types []soac.Type, acc, ptrs []string, idx string) error {
	xs := make([]string, len(ptrs))
	for k := range xs {
		xs[k] = load(&kview{ptr: ptrs[k], elem: types[k].Elem}, idx)
	}
	return c.combine(reds, acc, xs)
}

// partials emits the host code that makes parts[k] (Go names) the buffer
// of reduction k's partial results, per (a Go variable) a segment: the
// result outHost[k] itself when per is 1, else a new array. Both the GPU
// and the cpu versions of a segred combine their partial results so.
func (h *hgen) partials(e *soac.SegRedExp, parts, outHost []string, per string) {
	for k := range parts {
		h.line("%s := %s", parts[k], outHost[k])
		h.line("if %s > 1 {", per)
		h.line("\t%s, err = c.NewArray(%s, []int64{segs * %s})", parts[k], elemConst(e.Types[k].Elem), per)
		h.indent++
		h.check("", "allocating partial results")
		h.indent--
		h.line("}")
	}
}

// combinePartials emits, for when there are several partial results per
// segment, the launch of the kernel (generated by gen) that combines them
// into the results, then the release of their buffers parts.
func (h *hgen) combinePartials(per string, parts []string, gen func() (*cgen, *kernelArgs, error), name, global, local string) error {
	h.line("if %s > 1 {", per)
	h.indent++
	c, ka, err := gen()
	if err != nil {
		return err
	}
	if err := h.launchKernel(c, ka, name, global, local); err != nil {
		return err
	}
	h.release(parts)
	h.indent--
	h.line("}")
	return nil
}

// segRedEnd emits the end of a segred's host code: the scalar results of
// a flat reduction read back, and the releases.
func (h *hgen) segRedEnd(s *soac.Stm, e *soac.SegRedExp, nRed int, flat bool, base string, outHost, releases []string) error {
	if flat {
		for k := 0; k < nRed; k++ {
			gt, err := goPrim(e.Types[k].Elem)
			if err != nil {
				return err
			}
			id := h.g.names.id(s.Pat[k].Name)
			// One synchronisation for the value and the kernels' errors.
			h.line("%s_x%d, err := c.ReadScalarChecked(%s.Buf, %s, 0, fccErrors)", base, k, outHost[k], elemConst(e.Types[k].Elem))
			h.line("if err != nil {")
			h.line("\treturn nil, err")
			h.line("}")
			h.line("%s = %s_x%d.(%s)", id, base, k, gt)
		}
	}
	h.release(releases)
	h.indent--
	h.line("}")
	return nil
}
