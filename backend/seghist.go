package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates seghist, the histogram Seg-op: its lowered form
// (rewrite/lower) puts the bins in global memory, each update atomic
// (hist-global), or, where the sub-histograms fit, in local memory, one
// sub-histogram a work-group merged into the destination by a kernel of
// its own (hist-local).

// segHist generates a (segmented) histogram with one work-item per point.
// Each update of a bin is made under a per-bin lock taken with
// atomic_cmpxchg, which is correct for every operator, including ones
// with several values; the lock is taken and released in the same loop
// iteration, so diverging work-items of one warp cannot deadlock.
func (h *hgen) segHist(s *soac.Stm, e *soac.SegHistExp) error {
	// The lowered versions (rewrite/lower): hist-global, the bins in
	// global memory, always; hist-local, a work-group's bins in local
	// memory, when the lowering derived it (its operators have local
	// atomics).
	if _, err := versionWith(s, "global", "bins in global memory", soac.GlobalBins); err != nil {
		return err
	}
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	lv := lw.Version("local")
	local := lv != nil && lv.Has(soac.LocalBins)
	sk, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return err
	}
	c, ka, dims, prologue := sk.c, sk.ka, sk.dims, sk.prologue
	name := "seghist_" + h.g.names.id(s.Pat[0].Name)[2:]
	hostDims := ka.host[len(ka.host)-len(dims):]
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	// The results are the destinations, which the histogram consumes
	// (see consume), updated in place where possible.
	var locks, lockArrs []string
	k := 0
	dests := map[soac.VName]string{}
	reads := soac.FreeInExp(e)
	bodyReads := soac.FreeInBody(e.Body)
	for _, op := range e.Ops {
		for n := range soac.FreeInLambda(op.Op) {
			bodyReads[n] = true
		}
	}
	for oi, op := range e.Ops {
		bins, err := h.operand(op.Bins)
		if err != nil {
			return err
		}
		for _, d := range op.Dests {
			id := h.g.names.id(s.Pat[k].Name)
			h.line("%s, err = %s", id, h.consume(d, bodyReads[d], reads))
			h.check(s.Pos.String(), "histogram destination")
			dests[d] = id
			k++
		}
		lk := fmt.Sprintf("locks%d", oi)
		if h.g.atomicHist(op, len(dims)) != "" {
			// Updated with atomics: no locks, only the number of bins.
			ka.decls = append(ka.decls, "long "+lk+"_n")
			ka.host = append(ka.host, "int64("+bins+")")
			locks = append(locks, lk)
			continue
		}
		locks = append(locks, lk)
		lockArrs = append(lockArrs, lk)
		segs := append(append([]string{}, hostDims[:len(dims)-1]...), "int64("+bins+")")
		h.line("%s, err := c.ReplicateScalar(values.I32, []int64{%s}, int32(0))", lk, strings.Join(segs, ", "))
		h.check(s.Pos.String(), "histogram locks")
		ka.decls = append(ka.decls, "__global int *"+lk, "long "+lk+"_n")
		ka.host = append(ka.host, lk, "int64("+bins+")")
	}
	outPtrs := map[soac.VName]string{}
	for _, op := range e.Ops {
		for _, d := range op.Dests {
			st, err := cStorage(h.g.types[d].Elem)
			if err != nil {
				return err
			}
			p := "hist_" + dests[d]
			outPtrs[d] = p
			ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, p))
			ka.host = append(ka.host, dests[d])
		}
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= %s) return;", strings.Join(dims, " * "))
	c.decodeSpace(e.Space, dims, "gtid")
	c.line("long seg = gtid / %s;", dims[len(dims)-1])
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	off := 0
	for oi, op := range e.Ops {
		nv := len(op.Neutral)
		if err := c.histUpdate(op, locks[oi], outPtrs, res[off:off+1+nv], e.Body.Result[off:off+1+nv], len(dims)); err != nil {
			return err
		}
		off += 1 + nv
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	total := "(" + strings.Join(hostDims, " * ") + ")"
	if local {
		// Small histograms get private sub-histograms in local memory
		// (segHistLocal); the version is chosen on the host by the
		// histogram's size against the device's local memory.
		lname := "seghist_local_" + h.g.names.id(s.Pat[0].Name)[2:]
		lc, lka, cond, subs, err := h.segHistLocal(e, lname, total, outPtrs, dests)
		if err != nil {
			return err
		}
		h.line("if %s {", cond)
		h.indent++
		h.line("group := c.DefaultGroupSize()")
		fill, err := launchHost(lv, soac.LaunchHistGroups)
		if err != nil {
			return fmt.Errorf("%s: %v", s.Pos, err)
		}
		h.line("hgroups := min(fccGroups(%s, group), %s)", total, fill)
		for oi, op := range e.Ops {
			bins, err := h.operand(op.Bins)
			if err != nil {
				return err
			}
			h.line("%s, err := c.NewArray(%s, []int64{hgroups * int64(%s)})", subs[oi], elemConst(h.g.types[op.Dests[0]].Elem), bins)
			h.check(s.Pos.String(), "histogram sub-histograms")
		}
		if err := h.launchKernel(lc, lka, lname, "hgroups * group", "group"); err != nil {
			return err
		}
		for oi, op := range e.Ops {
			mname := fmt.Sprintf("%s_merge%d", lname, oi)
			mc, mka, err := h.segHistMerge(e, oi, mname, subs[oi], dests[op.Dests[0]])
			if err != nil {
				return err
			}
			bins, _ := h.operand(op.Bins)
			if err := h.launchKernel(mc, mka, mname, fmt.Sprintf("fccGroups(int64(%s), %d) * %d", bins, mergeCols, mergeCols*mergeRows), fmt.Sprint(mergeCols*mergeRows)); err != nil {
				return err
			}
			h.line("c.ReleaseArray(%s)", subs[oi])
		}
		h.indent--
		h.line("} else {")
		h.indent++
	}
	if err := h.launch1D(c, name, total, ka); err != nil {
		return err
	}
	if local {
		h.indent--
		h.line("}")
	}
	h.release(lockArrs)
	h.indent--
	h.line("}")
	return nil
}

// histUpdate emits the update of one histogram operator's bin under the
// bin's lock. res are the body's results for the operator (the bin, then
// the values; array values as the operands ses), lk its lock array, and
// rank the rank of the segment space. Values that are arrays (rows of the
// destinations) are combined row-wise by the operator.
func (c *cgen) histUpdate(op soac.HistOp, lk string, outPtrs map[soac.VName]string, res []string, ses []soac.SubExp, rank int) error {
	nv := len(op.Neutral)
	b := res[0]
	c.line("if (%s >= 0 && %s < %s_n) {", b, b, lk)
	c.indent++
	c.line("long at = seg * %s_n + %s;", lk, b)
	if fn := c.g.atomicHist(op, rank); fn != "" {
		d := op.Dests[0]
		ptr := fmt.Sprintf("(volatile __global %s *)&%s[at]", mustStorage(c.g.types[d].Elem), outPtrs[d])
		if fn == "fcc_atomic_fadd" {
			ptr = fmt.Sprintf("(volatile __global uint *)&%s[at]", outPtrs[d])
		}
		c.line("%s(%s, %s);", fn, ptr, res[1])
		c.indent--
		c.line("}")
		return nil
	}
	// The bins' rows, seen through volatile pointers so that every
	// work-item reads what the last holder of the lock wrote.
	rows := make([]*kview, nv)
	for j, d := range op.Dests {
		t := c.g.types[d]
		var dims []string
		for _, sd := range t.Shape[rank:] {
			x, err := c.operand(sd)
			if err != nil {
				return err
			}
			dims = append(dims, "(long)"+x)
		}
		rowLen := "1"
		if len(dims) > 0 {
			rowLen = strings.Join(dims, " * ")
		}
		ptr := "((volatile __global " + mustStorage(t.Elem) + " *)" + outPtrs[d] + ")"
		rows[j] = &kview{ptr: ptr, off: fmt.Sprintf("at * (%s)", rowLen), dims: dims, strides: rowMajor(dims), elem: t.Elem, owned: true}
	}
	c.line("bool done = false;")
	c.line("while (!done) {")
	c.indent++
	c.line("if (atomic_cmpxchg((volatile __global int *)&%s[at], 0, 1) == 0) {", lk)
	c.indent++
	// Bind the operator's parameters: the bin's values, then the new.
	for j, p := range op.Op.Params {
		if p.Type.Rank() > 0 {
			if j < nv {
				c.vars[p.Name] = kval{view: rows[j]}
			} else {
				v, err := c.arrayOperand(ses[1+j-nv])
				if err != nil {
					return err
				}
				c.vars[p.Name] = kval{view: v}
			}
			continue
		}
		var x string
		if j < nv {
			x = load(rows[j], rows[j].off)
		} else {
			x = res[1+j-nv]
		}
		if err := c.bindScalar(p, x); err != nil {
			return err
		}
	}
	r, err := c.body(op.Op.Body)
	if err != nil {
		return err
	}
	for j := range op.Dests {
		if len(rows[j].dims) == 0 {
			c.line("%s", store(rows[j].ptr, rows[j].elem, rows[j].off, r[j]))
			continue
		}
		v, err := c.arrayOperand(op.Op.Body.Result[j])
		if err != nil {
			return err
		}
		if !sameView(v, rows[j]) {
			if err := c.copyView(rows[j], v); err != nil {
				return err
			}
		}
	}
	c.line("mem_fence(CLK_GLOBAL_MEM_FENCE);")
	c.line("atomic_xchg((volatile __global int *)&%s[at], 0);", lk)
	c.line("done = true;")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// atomicHist returns the OpenCL atomic function that performs a
// histogram operator's update, or "" when the operator needs the per-bin
// lock: integer add, min and max of 32 or 64 bits and f32 add (by
// compare-and-swap) on scalar bins.
func (g *gen) atomicHist(op soac.HistOp, rank int) string {
	if len(op.Dests) != 1 {
		return ""
	}
	t := g.types[op.Dests[0]]
	if t.Rank() != rank {
		return ""
	}
	if b, ok := op.Op.BinOp(); ok && b.T == t.Elem && (t.Elem == values.I64 || t.Elem == values.U64) {
		g.needInt64Atomics = true
	}
	return lower.Atomic(op, t.Elem)
}

// segHistLocal generates the seghist kernel for small histograms. With
// one work-item per element updating the bins in global memory, the
// atomics of a histogram with few bins contend: every work-item of the
// device updates the same few addresses (a 256-bin histogram of 1e8
// values ran ten times slower than a 65,536-bin one). Here each
// work-group keeps a private histogram in local memory, initialised to
// the neutral element; its work-items stride over the input, updating it
// with local atomics, and at the end the work-group adds its histogram
// into the destination with one global atomic per bin. The launch has
// only enough work-groups to fill the device, so the merging costs
// (bins x groups) atomics however long the input. The returned condition
// (Go) holds when the sub-histograms fit in half the device's local
// memory (so that two work-groups share a compute unit); otherwise the
// global version runs. outPtrs and dests are the destination parameters
// and host arrays of the global version, shared by both.
func (h *hgen) segHistLocal(e *soac.SegHistExp, name, total string, outPtrs map[soac.VName]string, dests map[soac.VName]string) (*cgen, *kernelArgs, string, []string, error) {
	k, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return nil, nil, "", nil, err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	bins := make([]string, len(e.Ops))
	lmem := make([]string, len(e.Ops))
	var bytes []string
	for oi, op := range e.Ops {
		b, err := h.operand(op.Bins)
		if err != nil {
			return nil, nil, "", nil, err
		}
		bins[oi] = fmt.Sprintf("nbins%d", oi)
		ka.decls = append(ka.decls, "long "+bins[oi])
		ka.host = append(ka.host, "int64("+b+")")
		bytes = append(bytes, fmt.Sprintf("int64(%s)*4", b))
	}
	subs := make([]string, len(e.Ops))
	for oi, op := range e.Ops {
		d := op.Dests[0]
		subs[oi] = fmt.Sprintf("%s_sub%d", dests[d], oi)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *sub%d", mustStorage(h.g.types[d].Elem), oi))
		ka.host = append(ka.host, subs[oi])
	}
	for oi, op := range e.Ops {
		lmem[oi] = fmt.Sprintf("lhist%d", oi)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", mustStorage(h.g.types[op.Dests[0]].Elem), lmem[oi]))
		b, _ := h.operand(op.Bins)
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(int64(%s)*4)", b))
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	for oi, op := range e.Ops {
		ne, err := c.operand(op.Neutral[0])
		if err != nil {
			return nil, nil, "", nil, err
		}
		c.line("for (long b = ltid; b < %s; b += lsize) %s[b] = %s;", bins[oi], lmem[oi], ne)
	}
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("for (long gtid = get_global_id(0); gtid < %s; gtid += get_global_size(0)) {", dims[0])
	c.indent++
	c.decodeSpace(e.Space, dims, "gtid")
	res, err := c.body(e.Body)
	if err != nil {
		return nil, nil, "", nil, err
	}
	for oi, op := range e.Ops {
		b, v := res[2*oi], res[2*oi+1]
		st := mustStorage(h.g.types[op.Dests[0]].Elem)
		fn := h.g.atomicHist(op, 1)
		ptr := fmt.Sprintf("(volatile __local %s *)&%s[%s]", st, lmem[oi], b)
		if fn == "fcc_atomic_fadd" {
			fn, ptr = "fcc_atomic_fadd_local", fmt.Sprintf("(volatile __local uint *)&%s[%s]", lmem[oi], b)
		}
		c.line("if (%s >= 0 && %s < %s) %s(%s, %s);", b, b, bins[oi], fn, ptr, v)
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// Each work-group writes its whole sub-histogram out; the merge
	// kernels combine them (see segHistMerge).
	for oi := range e.Ops {
		c.line("for (long b = ltid; b < %s; b += lsize) sub%d[get_group_id(0) * %s + b] = %s[b];", bins[oi], oi, bins[oi], lmem[oi])
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	cond := fmt.Sprintf("lb := %s; lb > 0 && %s > 0 && lb <= c.Device().LocalMemSize()/2", strings.Join(bytes, " + "), total)
	return c, ka, cond, subs, nil
}

// The merge of the sub-histograms: a work-group of mergeRows x mergeCols
// work-items owns mergeCols consecutive bins; its rows combine the
// sub-histograms of every mergeRows'th work-group (consecutive work-items
// read consecutive bins), the rows' values are combined in local memory,
// and the first row adds the result into the destination. Every bin has
// one owner, so no atomics are needed, and the result does not depend on
// timing (float sums come out the same every run).
//
// Merging with one global atomic per bin and work-group instead made
// k-means' float histogram of 512 bins take 4.7 ms per iteration on an
// H100: a thousand work-groups retrying compare-and-swap on the same 512
// addresses.
const (
	mergeCols = 32
	mergeRows = 8
)

// segHistMerge generates the merge kernel of operator oi of a seghist
// with sub-histograms (sub, a Go expression) into the destination dest.
func (h *hgen) segHistMerge(e *soac.SegHistExp, oi int, name, sub, dest string) (*cgen, *kernelArgs, error) {
	op := e.Ops[oi]
	k, err := h.newSegKernel(segFree(e), nil)
	if err != nil {
		return nil, nil, err
	}
	c, ka, prologue := k.c, k.ka, k.prologue
	t := h.g.types[op.Dests[0]].Elem
	st := mustStorage(t)
	bins, err := h.operand(op.Bins)
	if err != nil {
		return nil, nil, err
	}
	ka.decls = append(ka.decls, "long nbins", "long ngroups", fmt.Sprintf("__global %s *sub", st), fmt.Sprintf("__global %s *hist", st), fmt.Sprintf("__local %s *lred", st))
	ka.host = append(ka.host, "int64("+bins+")", "hgroups", sub, dest, fmt.Sprintf("exe.Local(%d)", mergeCols*mergeRows*t.Size()))
	c.kernelHead(name, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), col = ltid %% %d, row = ltid / %d;", mergeCols, mergeCols)
	c.line("long b = get_group_id(0) * %d + col;", mergeCols)
	red := []soac.Reduce{{Comm: true, Op: op.Op, Neutral: op.Neutral}}
	acc, err := c.neutrals(red, []soac.Type{soac.Prim(t)}, "acc")
	if err != nil {
		return nil, nil, err
	}
	c.line("if (b < nbins) {")
	c.indent++
	c.line("for (long g = row; g < ngroups; g += %d) {", mergeRows)
	c.indent++
	if err := c.combine(red, acc, []string{load(&kview{ptr: "sub", elem: t}, "g * nbins + b")}); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.line("%s", store("lred", t, "ltid", acc[0]))
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (row == 0 && b < nbins) {")
	c.indent++
	c.line("for (long r = 1; r < %d; r++) {", mergeRows)
	c.indent++
	if err := c.combine(red, acc, []string{load(&kview{ptr: "lred", elem: t}, "r * "+fmt.Sprint(mergeCols)+" + col")}); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	ct, err := cType(t)
	if err != nil {
		return nil, nil, err
	}
	old := c.fresh("old")
	c.line("%s %s = %s;", ct, old, load(&kview{ptr: "hist", elem: t}, "b"))
	if err := c.combine(red, []string{old}, acc); err != nil {
		return nil, nil, err
	}
	c.line("%s", store("hist", t, "b", old))
	c.indent--
	c.line("}")
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	return c, ka, nil
}
