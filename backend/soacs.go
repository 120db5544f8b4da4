package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates segscan, seghist and scatter kernels. The SOACs
// that flattening leaves at host level are Seg-ops by now (the segconv
// pass), except scatter.

// launch1D emits the launch of c's kernel name with one work-item per
// element of n (a Go expression), in groups of the default size.
func (h *hgen) launch1D(c *cgen, name, n string, ka *kernelArgs) error {
	h.line("{")
	h.indent++
	h.line("group := c.DefaultGroupSize()")
	if err := h.launchKernel(c, ka, name, fmt.Sprintf("fccGroups(%s, group) * group", n), "group"); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}

// segScan generates an inclusive scan. A one-dimensional scan runs in
// parallel (segScanFlat); a segmented one gets one work-item per segment,
// which scans it sequentially, so any operator is correct (non-commutative
// ones included); the map-out results are written alongside.
func (h *hgen) segScan(s *soac.Stm, e *soac.SegScanExp) error {
	reds := soac.ScanReduces(e.Scans)
	nScan := soac.ReduceValues(reds)
	for i := 0; i < nScan; i++ {
		if e.Types[i].Rank() > 0 {
			return h.segScanArrays(s, e) // kcoverage.go
		}
	}
	// Flat and segmented alike: a single pass with decoupled look-back
	// (rewrite/lower: propagate-lookback; see segscan.go).
	if _, err := versionWith(s, "", "a single-pass scan", soac.LooksBack); err != nil {
		return err
	}
	return h.segScanFlat(s, e, reds, nScan)
}

// storeResult writes a point's result (scalar C expression x, or the
// array view of operand se) at flat position flat of out, whose rows have
// type t.
func (c *cgen) storeResult(out string, t soac.Type, flat, x string, se soac.SubExp) error {
	if t.Rank() == 0 {
		c.line("%s", store(out, t.Elem, flat, x))
		return nil
	}
	v := c.vars[se.(soac.Var).Name].view
	if v == nil {
		return fmt.Errorf("array result %v is not an array", se)
	}
	// Nested loops over the row's dimensions, so that neither offset
	// needs a division (a 64-bit one per element costs dozens of
	// instructions on GPUs).
	n := strings.Join(v.dims, " * ")
	return c.loopNest(v.dims, func(idx []string) error {
		lin := rowMajorOffset(idx, v.dims)
		c.line("%s", store(out, t.Elem, fmt.Sprintf("(%s) * (%s) + %s", flat, n, lin), load(v, viewOff(v, idx))))
		return nil
	})
}

// rowMajorOffset is the row-major linear offset of the C index expressions idx
// in an array of dimensions dims.
func rowMajorOffset(idx, dims []string) string {
	lin := idx[0]
	for k := 1; k < len(idx); k++ {
		lin = fmt.Sprintf("(%s) * %s + %s", lin, dims[k], idx[k])
	}
	return lin
}

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
		h.line("hgroups := min(fccGroups(%s, group), c.ReduceNumGroups())", total)
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
	for _, lk := range lockArrs {
		h.line("c.ReleaseArray(%s)", lk)
	}
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

func mustStorage(t soac.PrimType) string {
	st, err := cStorage(t)
	if err != nil {
		panic(err)
	}
	return st
}

// scatter generates one work-item per input element, writing into the
// destinations (see consume); writes outside a destination are ignored, and when
// several elements write the same place one of them wins (the language
// leaves which unspecified; the interpreter takes the last).
func (h *hgen) scatter(s *soac.Stm, e *soac.ScatterExp) error {
	i := soac.VName("fcc_i_" + string(s.Pat[0].Name))
	h.g.types[i] = soac.Prim(values.I64)
	body := e.Lambda.RowBody(i, e.Inputs)
	// The reads of row i < W of each input: in bounds when W is the
	// input's outer size (the prove pass sees no such read).
	for k := range e.Lambda.Params {
		if t := h.g.types[e.Inputs[k]]; t.Rank() > 0 && soac.SameSubExp(e.W, t.Shape[0]) {
			body.Stms[k].Exp.(*soac.IndexExp).InBounds = []bool{true}
		}
	}
	c := h.g.newCgen()
	name := "scatter_" + h.g.names.id(s.Pat[0].Name)[2:]
	free := soac.FreeInBody(body)
	delete(free, i)
	for _, d := range e.Dests {
		free[d.Arr] = true
	}
	ka, prologue, err := c.inputs(sortedNames(free))
	if err != nil {
		return err
	}
	w, err := h.operand(e.W)
	if err != nil {
		return err
	}
	ka.decls = append(ka.decls, "long fcc_w")
	ka.host = append(ka.host, "int64("+w+")")
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	outs := make([]string, len(e.Dests))
	for k, d := range e.Dests {
		id := h.g.names.id(s.Pat[k].Name)
		h.line("%s, err = %s", id, h.consume(d.Arr, soac.FreeInBody(body)[d.Arr], free))
		h.check(s.Pos.String(), "scatter destination")
		st, err := cStorage(h.g.types[d.Arr].Elem)
		if err != nil {
			return err
		}
		outs[k] = "scatter_out" + fmt.Sprint(k)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, outs[k]))
		ka.host = append(ka.host, id)
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= fcc_w) return;")
	idx := h.g.names.id(i)
	c.line("long %s = gtid;", idx)
	c.vars[i] = kval{scalar: idx}
	res, err := c.body(body)
	if err != nil {
		return err
	}
	off := 0
	for k, d := range e.Dests {
		v := c.vars[d.Arr].view
		var conds []string
		flat := "0"
		for j := 0; j < d.Rank; j++ {
			x := res[off+j]
			conds = append(conds, fmt.Sprintf("%s >= 0 && %s < %s", x, x, v.dims[j]))
			flat = fmt.Sprintf("(%s) * %s + %s", flat, v.dims[j], x)
		}
		c.line("if (%s) {", strings.Join(conds, " && "))
		c.indent++
		t := h.g.types[d.Arr]
		rowT := soac.Type{Elem: t.Elem, Shape: t.Shape[d.Rank:]}
		if err := c.storeResult(outs[k], rowT, flat, res[off+d.Rank], e.Lambda.Body.Result[off+d.Rank]); err != nil {
			return err
		}
		c.indent--
		c.line("}")
		off += d.Rank + 1
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	return h.launch1D(c, name, "int64("+w+")", ka)
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

// consume returns the host call that gives the array an operation
// consuming dest writes into: dest itself where the run time finds that
// no other array the operation reads (reads, the names its kernel uses)
// shares its buffer (exe.Context.Consume), a copy where the kernel reads
// dest itself (readsDest), as a fused map may read the array its scatter
// overwrites, or where dest belongs to the caller (h.borrowed).
func (h *hgen) consume(dest soac.VName, readsDest bool, reads map[soac.VName]bool) string {
	if readsDest || h.borrowed[dest] {
		return fmt.Sprintf("c.CopyArray(%s)", h.g.names.id(dest))
	}
	args := []string{h.g.names.id(dest)}
	for _, n := range sortedNames(reads) {
		if n != dest && h.g.types[n].Rank() > 0 {
			args = append(args, h.g.names.id(n))
		}
	}
	return fmt.Sprintf("c.Consume(%s)", strings.Join(args, ", "))
}

// borrowedNames returns the arrays of f that belong to its caller: its
// parameters that are not unique, and the views of them (indexes, slices,
// reshapes, rearrangements, renamings). The language forbids consuming
// them; IR written by hand or by a pass may still do it, and writing into
// the caller's array would then change a value the caller still uses.
func borrowedNames(f *soac.FunDef) map[soac.VName]bool {
	out := map[soac.VName]bool{}
	for _, p := range f.Params {
		if p.Type.Rank() > 0 && !p.Type.Unique {
			out[p.Name] = true
		}
	}
	soac.VisitStms(f.Body, func(s *soac.Stm) {
		var src soac.VName
		switch e := s.Exp.(type) {
		case *soac.IndexExp:
			src = e.Arr
		case *soac.SliceExp:
			src = e.Arr
		case *soac.ReshapeExp:
			src = e.Arr
		case *soac.RearrangeExp:
			src = e.Arr
		case *soac.SubExpExp:
			if v, ok := e.X.(soac.Var); ok {
				src = v.Name
			}
		}
		if src != "" && out[src] {
			for _, p := range s.Pat {
				if p.Type.Rank() > 0 {
					out[p.Name] = true
				}
			}
		}
	})
	return out
}
