package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the parallel scan of a segscan with scalar
// operators, flat or segmented, by reduce-then-scan in two kernels over
// the flattened index space (segment-major, as the results are laid out):
//
//  1. segscan_X_reduce: the space is cut into one contiguous block per
//     work-group (a multiple of the tile size, see below); each group
//     writes its block's total;
//  2. segscan_X_scan: each group first combines the totals of the blocks
//     before its own (a few hundred values: a chunk per work-item and a
//     scan in local memory) into its carry-in, then walks its block again
//     and writes the scan.
//
// Both kernels read their block in tiles of group*chunk elements. Work-item
// t evaluates the body for elements base + k*group + t (k < chunk), so
// that the inputs are read coalesced, and puts the scanned values in local
// memory; then work-item t scans the chunk consecutive elements
// t*chunk … t*chunk+chunk-1 sequentially, the per-work-item totals are
// scanned across the group (Hillis–Steele), each work-item adds its prefix
// to its elements, and the tile is written back coalesced. Local memory is
// indexed through P(x) = x + x/32, which makes both the strided accesses
// (stride chunk, a power of two up to 32) and the consecutive ones free of
// bank conflicts. Operands are only ever combined left to right, so
// non-commutative operators are correct. Per element there is no 64-bit
// division: indices advance by additions.
//
// The previous version walked tiles of one element per work-item, reducing
// each tile with a tree in local memory: log2(group) barriers per group
// elements, which made the reduce phase slower than copying the data ten
// times over.
//
// When the operators are commutative and the scan is not segmented, stage
// 1 needs no order: each work-item accumulates elements group apart,
// several loads in flight per iteration, and a tree combines the
// work-items' values once per group.
//
// A segmented scan is the scan of the flattened space with the operator
// lifted to (flag, value) pairs, where an element's flag says that it
// starts a segment:
//
//	(fa, a) ⊕ (fb, b) = (fa || fb, fb ? b : a ⊕ b)
//
// which is associative whenever ⊕ is, so the same two kernels serve every
// shape: one long segment or 10^8 segments of one element, without a
// work-item per segment walking its row sequentially (uncoalesced, and
// idle work-items when segments are few).

// scanParallel reports whether a segscan runs as the parallel scan of
// this file: always, flat or segmented (see above).
func scanParallel(e *soac.SegScanExp) bool { return len(e.Space) >= 1 }

// scanGen holds what the code of both scan kernels shares.
type scanGen struct {
	h         *hgen
	e         *soac.SegScanExp
	reds      []soac.Reduce
	nScan     int
	types     []soac.Type // of the scanned values
	segmented bool
	// chunk is the number of consecutive elements a work-item scans per
	// tile: 16 for values of 4 bytes or fewer, fewer for larger ones, so
	// that a tile of 256 work-items takes 16-20 KiB of local memory.
	chunk int
}

// segCombine emits acc = acc ⊕ xs, lifted to flags when the scan is
// segmented (accF and xF are the flags' C variables then).
func (sg *scanGen) segCombine(c *cgen, acc []string, accF string, xs []string, xF string) error {
	if !sg.segmented {
		return c.combine(sg.reds, acc, xs)
	}
	c.line("if (%s) {", xF)
	for k := range acc {
		c.line("  %s = %s;", acc[k], xs[k])
	}
	c.line("} else {")
	c.indent++
	if err := c.combine(sg.reds, acc, xs); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.line("%s = %s || %s;", accF, accF, xF)
	return nil
}

// decl emits C variables of the scanned types initialised to vals and
// returns their names.
func (sg *scanGen) decl(c *cgen, base string, vals []string) []string {
	vs := make([]string, sg.nScan)
	for k := range vs {
		ct, _ := cType(sg.types[k].Elem)
		vs[k] = c.fresh(base)
		c.line("%s %s = %s;", ct, vs[k], vals[k])
	}
	return vs
}

// flag emits a bool variable (when segmented) and returns its name.
func (sg *scanGen) flag(c *cgen, base, val string) string {
	if !sg.segmented {
		return ""
	}
	f := c.fresh(base)
	c.line("bool %s = %s;", f, val)
	return f
}

// loads returns the C expressions of element off of local arrays ls.
func (sg *scanGen) loads(ls []string, off string) []string {
	xs := make([]string, len(ls))
	for k := range ls {
		xs[k] = load(&kview{ptr: ls[k], elem: sg.types[k].Elem}, off)
	}
	return xs
}

// stores emits ls[off] = xs.
func (sg *scanGen) stores(c *cgen, ls []string, off string, xs []string) {
	for k := range ls {
		c.line("%s", store(ls[k], sg.types[k].Elem, off, xs[k]))
	}
}

// locals declares local arrays, one per scanned value, of size elements
// (a Go expression), and a flag array when segmented.
func (sg *scanGen) locals(ka *kernelArgs, base, size string) ([]string, string) {
	ls := make([]string, sg.nScan)
	for k, t := range sg.types {
		ls[k] = fmt.Sprintf("%s%d", base, k)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", mustStorage(t.Elem), ls[k]))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local((%s) * %d)", size, t.Elem.Size()))
	}
	f := ""
	if sg.segmented {
		f = base + "f"
		ka.decls = append(ka.decls, fmt.Sprintf("__local uchar *%s", f))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(%s)", size))
	}
	return ls, f
}

// groupScan emits the inclusive scan across the work-group of each
// work-item's value v (and flag vf), through the local arrays tot (and
// totF): afterwards tot[t] holds the combination of the values of
// work-items 0 … t, and v that of the calling work-item.
func (sg *scanGen) groupScan(c *cgen, tot []string, totF string, v []string, vf string) error {
	sg.stores(c, tot, "ltid", v)
	if sg.segmented {
		c.line("%s[ltid] = %s;", totF, vf)
	}
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("for (long s = 1; s < lsize; s *= 2) {")
	c.indent++
	c.line("if (ltid >= s) {")
	c.indent++
	left := sg.decl(c, "l", sg.loads(tot, "ltid - s"))
	lf := sg.flag(c, "lf", totF+"[ltid - s] != 0")
	if err := sg.segCombine(c, left, lf, v, vf); err != nil {
		return err
	}
	for k := range v {
		c.line("%s = %s;", v[k], left[k])
	}
	if sg.segmented {
		c.line("%s = %s;", vf, lf)
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (ltid >= s) {")
	c.indent++
	sg.stores(c, tot, "ltid", v)
	if sg.segmented {
		c.line("%s[ltid] = %s;", totF, vf)
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	return nil
}

// indices emits, once per work-item, the position of its first element
// start+ltid in the segmented space (segment sgi, index jj within it)
// and the step that advancing by lsize elements makes; flat scans need
// none.
func (sg *scanGen) indices(c *cgen, first string) {
	if !sg.segmented {
		return
	}
	c.line("long sgi = (%s) / seglen, jj = (%s) - sgi * seglen;", first, first)
	c.line("long qstep = lsize / seglen, rstep = lsize - qstep * seglen;")
}

// advance emits the move of (sgi, jj) by lsize elements.
func (sg *scanGen) advance(c *cgen) {
	if !sg.segmented {
		return
	}
	c.line("jj += rstep; sgi += qstep;")
	c.line("if (jj >= seglen) { jj -= seglen; sgi++; }")
}

// element emits the body for element i (known to be < end) into xs (and
// its segment-start flag into xf), storing map-out results at i when outs
// is not nil.
func (sg *scanGen) element(c *cgen, i string, xs []string, xf string, outs []string) error {
	e := sg.e
	r := len(e.Space) - 1
	if sg.segmented {
		outer := make([]string, r)
		for d := range outer {
			outer[d] = fmt.Sprintf("space_%d", d)
		}
		c.decodeSpace(e.Space[:r], outer, "sgi")
		c.line("%s = jj == 0;", xf)
	}
	last := e.Space[r]
	idx := c.g.names.id(last.Index)
	if sg.segmented {
		c.line("long %s = jj;", idx)
	} else {
		c.line("long %s = %s;", idx, i)
	}
	c.vars[last.Index] = kval{scalar: idx}
	c.bounds[last.Index] = last.N
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	for k := 0; k < sg.nScan; k++ {
		c.line("%s = %s;", xs[k], res[k])
	}
	if outs != nil {
		for i2 := sg.nScan; i2 < len(res); i2++ {
			if err := c.storeResult(outs[i2], e.Types[i2], i, res[i2], e.Body.Result[i2]); err != nil {
				return err
			}
		}
	}
	return nil
}

// scanKernel emits one of the two kernels. In stage 1 (outs nil) it writes
// the block's total to sums/flags at grp; in stage 2 it reads the totals
// of the earlier blocks and writes the scan to outs.
func (sg *scanGen) scanKernel(name string, free []soac.VName, sums []string, outs []string, outHost []string, comm bool) (*cgen, *kernelArgs, error) {
	h, e := sg.h, sg.e
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return nil, nil, err
	}
	// The space's sizes (the outer ones index the body), the number of
	// elements, the segment length, the block and chunk sizes.
	if _, err := h.spaceArgs(c, e.Space, ka); err != nil {
		return nil, nil, err
	}
	ka.decls = append(ka.decls, "long n", "long seglen", "long block")
	ka.host = append(ka.host, "n", "seglen", "block")
	sumPtrs := make([]string, sg.nScan)
	for k := range sums {
		sumPtrs[k] = fmt.Sprintf("sum%d", k)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(sg.types[k].Elem), sumPtrs[k]))
		ka.host = append(ka.host, sums[k])
	}
	if sg.segmented {
		ka.decls = append(ka.decls, "__global uchar *sumf")
		ka.host = append(ka.host, "sumFlags")
	}
	for i := range outs {
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), outs[i]))
		ka.host = append(ka.host, outHost[i])
	}
	fast := outs == nil && comm && !sg.segmented
	var lmem []string
	var lmemF string
	if !fast {
		lmem, lmemF = sg.locals(ka, "lmem", "group*chunk + group*chunk/32 + 1")
	}
	tot, totF := sg.locals(ka, "ltot", "group")
	c.kernelHead(name, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0), grp = get_group_id(0);")
	c.line("long start = grp * block, end = min(start + block, n);")
	// A constant, so that the loops over a work-item's elements unroll:
	// the coalesced loads of a tile are then all in flight at once.
	c.line("const long chunk = %d;", sg.chunk)
	neutral, err := c.neutrals(sg.reds, e.Types, "ne")
	if err != nil {
		return nil, nil, err
	}
	if fast {
		// Stage 1 of a flat scan with commutative operators: order within
		// the block does not matter. Four loads in flight per iteration.
		acc := sg.decl(c, "acc", neutral)
		c.line("for (long b0 = start + ltid; b0 < end; b0 += 4 * lsize) {")
		c.indent++
		c.line("#pragma unroll")
		c.line("for (int u = 0; u < 4; u++) {")
		c.indent++
		c.line("long i = b0 + u * lsize;")
		c.line("if (i < end) {")
		c.indent++
		xs := sg.decl(c, "x", neutral)
		if err := sg.element(c, "i", xs, "", nil); err != nil {
			return nil, nil, err
		}
		if err := c.combine(sg.reds, acc, xs); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
		c.indent--
		c.line("}")
		c.indent--
		c.line("}")
		if err := sg.groupScan(c, tot, "", acc, ""); err != nil {
			return nil, nil, err
		}
		c.line("if (ltid == lsize - 1) {")
		c.indent++
		sg.stores(c, sumPtrs, "grp", acc)
		c.indent--
		c.line("}")
		c.kernelEnd()
		return c, ka, nil
	}
	// The carry: neutral in stage 1; in stage 2 the in-order combination
	// of the totals of blocks 0 … grp-1.
	carry := sg.decl(c, "carry", neutral)
	carryF := sg.flag(c, "carryf", "false")
	if outs != nil {
		c.line("{")
		c.indent++
		c.line("long per = (grp + lsize - 1) / lsize;")
		c.line("long c0 = min(ltid * per, grp), c1 = min(c0 + per, grp);")
		t := sg.decl(c, "t", neutral)
		tf := sg.flag(c, "tf", "false")
		c.line("for (long g = c0; g < c1; g++) {")
		c.indent++
		xs := sg.decl(c, "x", sg.loads(sumPtrs, "g"))
		xf := sg.flag(c, "xf", "sumf[g] != 0")
		if err := sg.segCombine(c, t, tf, xs, xf); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
		if err := sg.groupScan(c, tot, totF, t, tf); err != nil {
			return nil, nil, err
		}
		for k, x := range sg.loads(tot, "lsize - 1") {
			c.line("%s = %s;", carry[k], x)
		}
		c.line("barrier(CLK_LOCAL_MEM_FENCE);")
		c.indent--
		c.line("}")
	}
	sg.indices(c, "start + ltid")
	c.line("for (long tb = start; tb < end; tb += lsize * chunk) {")
	c.indent++
	// Evaluate the tile, coalesced.
	c.line("#pragma unroll")
	c.line("for (long k = 0; k < chunk; k++) {")
	c.indent++
	c.line("long i = tb + k * lsize + ltid;")
	xs := sg.decl(c, "x", neutral)
	xf := sg.flag(c, "xf", "false")
	c.line("if (i < end) {")
	c.indent++
	if err := sg.element(c, "i", xs, xf, outs); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	c.line("long p = k * lsize + ltid;")
	c.line("p += p >> 5;")
	sg.stores(c, lmem, "p", xs)
	if sg.segmented {
		c.line("%s[p] = %s;", lmemF, xf)
	}
	sg.advance(c)
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// Each work-item scans its chunk consecutive elements (stage 2) or
	// only combines them (stage 1).
	t := sg.decl(c, "t", neutral)
	tf := sg.flag(c, "tf", "false")
	c.line("#pragma unroll")
	c.line("for (long k = 0; k < chunk; k++) {")
	c.indent++
	c.line("long p = ltid * chunk + k;")
	c.line("p += p >> 5;")
	ys := sg.decl(c, "y", sg.loads(lmem, "p"))
	yf := sg.flag(c, "yf", lmemF+"[p] != 0")
	if err := sg.segCombine(c, t, tf, ys, yf); err != nil {
		return nil, nil, err
	}
	if outs != nil {
		sg.stores(c, lmem, "p", t)
		if sg.segmented {
			// The running flag: whether a segment starts at or before
			// this element within the work-item's chunk.
			c.line("%s[p] = %s;", lmemF, tf)
		}
	}
	c.indent--
	c.line("}")
	if err := sg.groupScan(c, tot, totF, t, tf); err != nil {
		return nil, nil, err
	}
	if outs != nil {
		// The prefix of the work-item's chunk: the carry and the totals
		// of the work-items before it.
		pre := sg.decl(c, "pre", carry)
		pf := sg.flag(c, "pf", "false")
		c.line("if (ltid > 0) {")
		c.indent++
		ls := sg.decl(c, "l", sg.loads(tot, "ltid - 1"))
		lf := sg.flag(c, "lf", totF+"[ltid - 1] != 0")
		if err := sg.segCombine(c, pre, pf, ls, lf); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
		c.line("#pragma unroll")
		c.line("for (long k = 0; k < chunk; k++) {")
		c.indent++
		c.line("long p = ltid * chunk + k;")
		c.line("p += p >> 5;")
		if sg.segmented {
			c.line("if (%s[p]) continue;", lmemF)
		}
		v := sg.decl(c, "v", pre)
		ys := sg.decl(c, "y", sg.loads(lmem, "p"))
		if err := c.combine(sg.reds, v, ys); err != nil {
			return nil, nil, err
		}
		sg.stores(c, lmem, "p", v)
		c.indent--
		c.line("}")
		c.line("barrier(CLK_LOCAL_MEM_FENCE);")
		c.line("#pragma unroll")
		c.line("for (long k = 0; k < chunk; k++) {")
		c.indent++
		c.line("long i = tb + k * lsize + ltid;")
		c.line("long p = k * lsize + ltid;")
		c.line("p += p >> 5;")
		c.line("if (i < end) {")
		c.indent++
		for k, x := range sg.loads(lmem, "p") {
			c.line("%s", store(outs[k], sg.types[k].Elem, "i", x))
		}
		c.indent--
		c.line("}")
		c.indent--
		c.line("}")
	}
	// The next tile's carry takes in this whole tile.
	ls := sg.decl(c, "l", sg.loads(tot, "lsize - 1"))
	lf := sg.flag(c, "lf", totF+"[lsize - 1] != 0")
	if err := sg.segCombine(c, carry, carryF, ls, lf); err != nil {
		return nil, nil, err
	}
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	if outs == nil {
		c.line("if (ltid == 0) {")
		c.indent++
		sg.stores(c, sumPtrs, "grp", carry)
		if sg.segmented {
			c.line("sumf[grp] = %s;", carryF)
		}
		c.indent--
		c.line("}")
	}
	c.kernelEnd()
	return c, ka, nil
}

// segScanFlat generates the two-kernel scan of a segscan whose operators
// are scalar, flat or segmented.
func (h *hgen) segScanFlat(s *soac.Stm, e *soac.SegScanExp, reds []soac.Reduce, nScan int) error {
	base := h.g.names.id(s.Pat[0].Name)[2:]
	names := [2]string{"segscan_" + base + "_reduce", "segscan_" + base + "_scan"}
	sg := &scanGen{h: h, e: e, reds: reds, nScan: nScan, types: e.Types[:nScan], segmented: len(e.Space) > 1}
	free := segFree(e)
	h.line("// %s, %s", names[0], names[1])
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	hostDims := make([]string, len(e.Space))
	for d, sd := range e.Space {
		x, err := h.operand(sd.N)
		if err != nil {
			return err
		}
		hostDims[d] = fmt.Sprintf("int64(%s)", x)
	}
	r := len(e.Space) - 1
	h.line("segs := int64(%s)", strings.Join(append([]string{"1"}, hostDims[:r]...), " * "))
	h.line("seglen := %s", hostDims[r])
	h.line("n := segs * seglen")
	// The bytes of local memory per element of a tile decide the chunk.
	bytes := 0
	for _, t := range sg.types {
		bytes += t.Elem.Size()
	}
	if sg.segmented {
		bytes++
	}
	sg.chunk = 16
	for sg.chunk > 1 && sg.chunk*bytes > 80 {
		sg.chunk /= 2
	}
	h.line("chunk := int64(%d)", sg.chunk)
	h.line("group := c.ScanGroupSize(chunk, %d)", bytes)
	h.line("tile := group * chunk")
	// Blocks are whole tiles, as many as fill the device (a work-group
	// then walks several tiles, which amortises its carry computation).
	h.line("ngroups, block := int64(0), tile")
	h.line("if n > 0 {")
	h.line("\tngroups = min(fccGroups(n, tile), max(c.ReduceNumGroups(), 1))")
	h.line("\tblock = fccGroups(fccGroups(n, ngroups), tile) * tile")
	h.line("\tngroups = fccGroups(n, block)")
	h.line("}")
	var releases []string
	sums := make([]string, nScan)
	for k := range sums {
		sums[k] = fmt.Sprintf("%s_sum%d", base, k)
		h.line("%s, err := c.NewArray(%s, []int64{max(ngroups, 1)})", sums[k], elemConst(sg.types[k].Elem))
		h.check("", "allocating scan carries")
		releases = append(releases, sums[k])
	}
	if sg.segmented {
		h.line("sumFlags, err := c.NewArray(values.U8, []int64{max(ngroups, 1)})")
		h.check("", "allocating scan carries")
		releases = append(releases, "sumFlags")
	}
	// The outputs.
	outHost := make([]string, len(s.Pat))
	for i, p := range s.Pat {
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		shape := append(append([]string{}, hostDims...), inner...)
		outHost[i] = h.g.names.id(p.Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", outHost[i], elemConst(e.Types[i].Elem), strings.Join(shape, ", "))
		h.check("", "allocating %s", p.Name)
	}
	comm := commutative(reds)
	c1, ka1, err := sg.scanKernel(names[0], free, sums, nil, nil, comm)
	if err != nil {
		return err
	}
	h.g.kernels = append(h.g.kernels, c1.b.String())
	if err := h.launchKernel(c1, ka1, names[0], "ngroups * group", "group"); err != nil {
		return err
	}
	outs := make([]string, len(s.Pat))
	for i := range outs {
		outs[i] = fmt.Sprintf("out%d", i)
	}
	c2, ka2, err := sg.scanKernel(names[1], free, sums, outs, outHost, comm)
	if err != nil {
		return err
	}
	h.g.kernels = append(h.g.kernels, c2.b.String())
	if err := h.launchKernel(c2, ka2, names[1], "ngroups * group", "group"); err != nil {
		return err
	}
	for _, r := range releases {
		h.line("c.ReleaseArray(%s)", r)
	}
	h.indent--
	h.line("}")
	return nil
}
