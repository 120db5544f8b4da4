package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/soac"
)

// This file generates the parallel scan of a segscan with scalar
// operators, flat or segmented, in one pass over the flattened index space
// (segment-major, as the results are laid out), with decoupled look-back
// (Merrill and Garland, "Single-pass parallel prefix scan with decoupled
// look-back"): every element is read once and written once, which is what
// a memory-bound scan needs to approach the copy bandwidth.
//
// The space is cut into tiles of group*chunk elements. Work-groups take
// tiles in order from a counter (an atomic increment), so a tile's
// predecessors have all been taken by work-groups that are running: the
// look-back below waits only on work that is under way, whatever the
// number of work-groups the device runs at once, and on one thread too.
// A work-group takes its next tile, and evaluates the body for it into
// registers, before the look-back of its current one, so that the next
// tile's loads are in flight while it waits on its predecessors. (Its
// next tile comes after its current one, so the smallest unfinished tile
// is always some work-group's current tile, whose predecessors are all
// done: no deadlock.)
//
// A work-group scans its tile in local memory: work-item t evaluates the
// body for elements base + k*group + t (k < chunk), so that the inputs are
// read coalesced, and puts the values in local memory; then work-item t
// scans the chunk consecutive elements t*chunk … t*chunk+chunk-1
// sequentially, the per-work-item totals are scanned across the group
// (by warp shuffles on NVIDIA, Hillis–Steele elsewhere), and the tile's
// total is known. Local memory is indexed through P(x) = x + x/32, which
// makes both the strided accesses (stride chunk, a power of two up to
// 32) and the consecutive ones free of bank conflicts.
//
// The tile's carry-in then comes from the tiles before it. Each tile
// publishes its total and then its inclusive prefix as tagged words (see
// publish); the look-back (see lookback) combines the predecessors'
// totals, newest first, until it meets a published prefix. Then every
// work-item adds its prefix to its elements and the tile is written back
// coalesced. Operands are only ever combined left to right, so
// non-commutative operators are correct. What each of these choices
// measured is in bench/RESULTS.md (run 6) and bench/probe/scan.cl.
//
// A segmented scan is the scan of the flattened space with the operator
// lifted to (flag, value) pairs, where an element's flag says that it
// starts a segment:
//
//	(fa, a) ⊕ (fb, b) = (fa || fb, fb ? b : a ⊕ b)
//
// which is associative whenever ⊕ is, so the same kernel serves every
// shape: one long segment or 10^8 segments of one element, without a
// work-item per segment walking its row sequentially (uncoalesced, and
// idle work-items when segments are few).
//
// An earlier version scanned in two passes (reduce, then scan with the
// block totals), which reads the input twice: 500 us for 10^8 f32 on an
// H100, against 270 us for reading and writing it once.

// scanGen holds what the code of both scan kernels shares.
type scanGen struct {
	h         *hgen
	e         *soac.SegScanExp
	reds      []soac.Reduce
	nScan     int
	types     []soac.Type // of the scanned values
	segmented bool
	// chunk is the number of consecutive elements a work-item scans per
	// tile, as the lowering chose it (soac.LaunchParams.Chunk).
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

// storeFlagged emits ls[off] = xs, and lf[off] = xf when the scan is
// segmented.
func (sg *scanGen) storeFlagged(c *cgen, ls []string, lf, off string, xs []string, xf string) {
	sg.stores(c, ls, off, xs)
	if sg.segmented {
		c.line("%s[%s] = %s;", lf, off, xf)
	}
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
	// With warp shuffles (NVIDIA): each warp scans its values in
	// registers, the first warp scans the warps' totals, and each warp
	// adds the totals of the warps before it: four barriers instead of
	// two per doubling step (298 us against 327 us for a scan of 10^8
	// elements on an H100, bench/probe/scan.cl).
	c.line("#ifdef FCC_WARP_SHUFFLE")
	c.line("if (lsize %% 32 == 0 && lsize <= 1024) {")
	c.indent++
	c.line("long lane = ltid & 31, wid = ltid >> 5;")
	if err := sg.warpScan(c, v, vf); err != nil {
		return err
	}
	c.line("if (lane == 31) {")
	c.indent++
	sg.storeFlagged(c, tot, totF, "wid", v, vf)
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (wid == 0) {")
	c.indent++
	neutral, err := c.neutrals(sg.reds, sg.types, "ne")
	if err != nil {
		return err
	}
	w := sg.decl(c, "w", neutral)
	wf := sg.flag(c, "wf", "false")
	c.line("if (lane < lsize / 32) {")
	c.indent++
	for k, x := range sg.loads(tot, "lane") {
		c.line("%s = %s;", w[k], x)
	}
	if sg.segmented {
		c.line("%s = %s[lane] != 0;", wf, totF)
	}
	c.indent--
	c.line("}")
	if err := sg.warpScan(c, w, wf); err != nil {
		return err
	}
	c.line("if (lane < lsize / 32) {")
	c.indent++
	sg.storeFlagged(c, tot, totF, "lane", w, wf)
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (wid > 0) {")
	c.indent++
	left := sg.decl(c, "l", sg.loads(tot, "wid - 1"))
	lf := sg.flag(c, "lf", totF+"[wid - 1] != 0")
	if err := sg.leftCombine(c, v, vf, left, lf); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	sg.storeFlagged(c, tot, totF, "ltid", v, vf)
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("} else")
	c.line("#endif")
	c.line("{")
	c.indent++
	if err := sg.hillisSteele(c, tot, totF, v, vf); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	return nil
}

// warpScan emits the inclusive scan of v (and flag vf) across the 32
// work-items of each warp, by shuffles of the values' 32-bit words.
func (sg *scanGen) warpScan(c *cgen, v []string, vf string) error {
	c.line("for (uint d = 1; d < 32; d <<= 1) {")
	c.indent++
	words := sg.packWords(v, vf)
	got := make([]string, len(words))
	for w, x := range words {
		got[w] = c.fresh("sw")
		c.line("uint %s = fcc_shfl_up(%s, d);", got[w], x)
	}
	y, yf := sg.unpackWords(c, got)
	c.line("if (lane >= d) {")
	c.indent++
	if err := sg.leftCombine(c, v, vf, y, yf); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// hillisSteele emits the work-group scan of groupScan through local
// memory alone: a doubling step per power of two below the group size.
func (sg *scanGen) hillisSteele(c *cgen, tot []string, totF string, v []string, vf string) error {
	sg.storeFlagged(c, tot, totF, "ltid", v, vf)
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
	sg.storeFlagged(c, tot, totF, "ltid", v, vf)
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

// leftCombine emits run = x ⊕ run (lifted to flags when segmented; xF
// and runF are their flags then).
func (sg *scanGen) leftCombine(c *cgen, run []string, runF string, x []string, xF string) error {
	tmp := sg.decl(c, "lc", x)
	tmpF := sg.flag(c, "lcf", xF)
	if err := sg.segCombine(c, tmp, tmpF, run, runF); err != nil {
		return err
	}
	for k := range run {
		c.line("%s = %s;", run[k], tmp[k])
	}
	if sg.segmented {
		c.line("%s = %s;", runF, tmpF)
	}
	return nil
}

// scanKernel emits the single-pass scan kernel (see the top of the file).
func (sg *scanGen) scanKernel(name string, free []soac.VName, outs []string, outHost []string) (*cgen, *kernelArgs, error) {
	h, e := sg.h, sg.e
	// The space's sizes (the outer ones index the body), the number of
	// elements, the segment length, the number of tiles.
	k, err := h.newSegKernel(free, e.Space, "n", "seglen", "ntiles")
	if err != nil {
		return nil, nil, err
	}
	c, ka := k.c, k.ka
	ka.decls = append(ka.decls, "__global ulong *st", "uint epoch")
	ka.host = append(ka.host, "status", "epoch")
	for i := range outs {
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), outs[i]))
		ka.host = append(ka.host, outHost[i])
	}
	lmem, lmemF := sg.locals(ka, "lmem", "group*chunk + group*chunk/32 + 1")
	tot, totF := sg.locals(ka, "ltot", "group")
	lcar, lcarF := sg.locals(ka, "lcar", "1")
	val, valF := sg.locals(ka, "lval", fmt.Sprint(lookbackWindow))
	part, partF := sg.locals(ka, "lpart", "32")
	ka.decls = append(ka.decls, "__local long *ltile", "__local int *lcut")
	ka.host = append(ka.host, "exe.Local(8 * 4)", "exe.Local(4)")
	k.head(name)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	// A constant, so that the loops over a work-item's elements unroll:
	// the coalesced loads of a tile are then all in flight at once.
	c.line("const long chunk = %d;", sg.chunk)
	// The look-back window: predecessors read at once, and how many of
	// them each of the first (at most 32) work-items combines.
	c.line("const long win = min((long)%d, lsize), pc = (win + 31) / 32;", lookbackWindow)
	neutral, err := c.neutrals(sg.reds, e.Types, "ne")
	if err != nil {
		return nil, nil, err
	}
	hidden := sg.hideNeutral(c, neutral)
	// The values of the next tile, evaluated before the look-back of the
	// current one so that its loads are in flight while the work-group
	// waits on its predecessors.
	xr := make([]string, sg.nScan)
	for k, t := range sg.types {
		ct, _ := cType(t.Elem)
		xr[k] = c.fresh("xr")
		c.line("%s %s[%d];", ct, xr[k], sg.chunk)
	}
	xrF := ""
	if sg.segmented {
		xrF = c.fresh("xrf")
		c.line("bool %s[%d];", xrF, sg.chunk)
	}
	// evaluate emits the evaluation of tile nix into xr, coalesced. A
	// whole tile needs no bounds test between its loads.
	evaluate := func() error {
		c.line("if (nix < ntiles) {")
		c.indent++
		c.line("long tb = nix * lsize * chunk, end = min(tb + lsize * chunk, n);")
		for _, guarded := range []bool{false, true} {
			if guarded {
				c.line("} else {")
			} else {
				c.line("if (end - tb == lsize * chunk) {")
			}
			c.indent++
			sg.indices(c, "tb + ltid")
			c.line("#pragma unroll")
			c.line("for (long k = 0; k < chunk; k++) {")
			c.indent++
			c.line("long i = tb + k * lsize + ltid;")
			xs := sg.decl(c, "x", neutral)
			xf := sg.flag(c, "xf", "false")
			if guarded {
				c.line("if (i < end) {")
				c.indent++
			}
			if err := sg.element(c, "i", xs, xf, outs); err != nil {
				return err
			}
			if guarded {
				c.indent--
				c.line("}")
			}
			for j := range xs {
				c.line("%s[k] = %s;", xr[j], xs[j])
			}
			if sg.segmented {
				c.line("%s[k] = %s;", xrF, xf)
			}
			sg.advance(c)
			c.indent--
			c.line("}")
			c.indent--
		}
		c.line("}")
		c.indent--
		c.line("}")
		return nil
	}
	c.line("if (ltid == 0) { ltile[0] = atom_inc(st); *lcut = win; }")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("long nix = ltile[0];")
	if err := evaluate(); err != nil {
		return nil, nil, err
	}
	c.line("for (;;) {")
	c.indent++
	c.line("long tix = nix;")
	// Every work-group's last take is past the tiles, so the last of
	// those takes comes after every other: it zeroes the counter for the
	// next launch (see exe.Context.ScanStatus).
	c.line("if (tix >= ntiles) {")
	c.line("  if (ltid == 0 && tix == ntiles + (long)get_num_groups(0) - 1) atom_xchg(st, 0UL);")
	c.line("  break;")
	c.line("}")
	c.line("long tb = tix * lsize * chunk, end = min(tb + lsize * chunk, n);")
	c.line("#pragma unroll")
	c.line("for (long k = 0; k < chunk; k++) {")
	c.indent++
	c.line("long p = k * lsize + ltid;")
	c.line("p += p >> 5;")
	xk := make([]string, sg.nScan)
	for j := range xk {
		xk[j] = xr[j] + "[k]"
	}
	sg.stores(c, lmem, "p", xk)
	if sg.segmented {
		c.line("%s[p] = %s[k];", lmemF, xrF)
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// Each work-item combines its chunk consecutive elements; they are
	// scanned only once the prefix is known (below), so that the tile's
	// total, which its successors wait on, is published sooner.
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
	c.indent--
	c.line("}")
	if err := sg.groupScan(c, tot, totF, t, tf); err != nil {
		return nil, nil, err
	}
	// The first work-item publishes the tile's total (the first tile its
	// inclusive prefix) and takes the next tile, which every work-item
	// then evaluates.
	agg := sg.decl(c, "agg", sg.loads(tot, "lsize - 1"))
	aggF := sg.flag(c, "aggF", totF+"[lsize - 1] != 0")
	run := sg.decl(c, "run", neutral)
	runF := sg.flag(c, "runF", "false")
	c.line("if (ltid == 0) {")
	c.indent++
	c.line("if (tix == 0) {")
	sg.publish(c, sg.slot(true, "tix"), agg, aggF)
	c.line("} else {")
	sg.publish(c, sg.slot(false, "tix"), agg, aggF)
	c.line("}")
	c.line("ltile[0] = atom_inc(st);")
	c.line("ltile[1] = tix - 1;")
	c.line("ltile[2] = tix == 0;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("nix = ltile[0];")
	if err := evaluate(); err != nil {
		return nil, nil, err
	}
	if err := sg.lookback(c, neutral, hidden, run, runF, val, valF, part, partF); err != nil {
		return nil, nil, err
	}
	// run is now the exclusive prefix (neutral for the first tile);
	// publish the inclusive one, run ⊕ agg.
	c.line("if (ltid == 0) {")
	c.indent++
	c.line("if (tix > 0) {")
	c.indent++
	incl := sg.decl(c, "incl", run)
	inclF := sg.flag(c, "inclF", runF)
	if err := sg.segCombine(c, incl, inclF, agg, aggF); err != nil {
		return nil, nil, err
	}
	sg.publish(c, sg.slot(true, "tix"), incl, inclF)
	c.indent--
	c.line("}")
	sg.storeFlagged(c, lcar, lcarF, "0", run, runF)
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// The prefix of the work-item's chunk: the carry and the totals of
	// the work-items before it.
	pre := sg.decl(c, "pre", sg.loads(lcar, "0"))
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
	// The scan of the chunk, from that prefix.
	c.line("#pragma unroll")
	c.line("for (long k = 0; k < chunk; k++) {")
	c.indent++
	c.line("long p = ltid * chunk + k;")
	c.line("p += p >> 5;")
	ys2 := sg.decl(c, "y", sg.loads(lmem, "p"))
	yf2 := sg.flag(c, "yf", lmemF+"[p] != 0")
	if err := sg.segCombine(c, pre, pf, ys2, yf2); err != nil {
		return nil, nil, err
	}
	sg.stores(c, lmem, "p", pre)
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
	// The next tile reuses the local arrays and ltile.
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	c.kernelEnd()
	return c, ka, nil
}

// lookbackWindow is the number of predecessors the look-back reads at
// once (at most the work-group size). Reading many at once lets a tile
// skip over the tiles behind it whose prefixes are not yet known in one
// step; reading too many loads the L2 cache with polling. For fcc's
// kernel scanning 10^8 f32 on an H100, 128 took 312 us in all, 64 took
// 320 and 32 took 350 (bench/probe, two runs each; the hand-written
// kernel of bench/probe/scan.cl preferred 64, by a few us).
const lookbackWindow = 128

// lookback emits the walk back over the predecessors of tile tix that
// leaves in run, for the first work-item, the combination of all the
// tiles before it. Each step, work-item t < win reads both words of
// predecessor j-t (its inclusive prefix and its total) and the first
// predecessor that has a prefix or nothing published yet ends the step
// (the cut, found with a local atomic minimum). The values before the cut
// (and the cut's, when it is a prefix) are combined oldest first: the
// first work-items each combine pc of them, then the first work-item
// combines those. The walk ends at a prefix, moves back past a window of
// totals, or waits at a tile that has published nothing. Those
// combinations start from hidden, the neutral element hidden from the
// compiler (hideNeutral).
func (sg *scanGen) lookback(c *cgen, neutral, hidden, run []string, runF string, val []string, valF string, part []string, partF string) error {
	W := sg.wordCount()
	c.line("while (!ltile[2]) {")
	c.indent++
	c.line("long j = ltile[1];")
	c.line("int s = 0;")
	pv := sg.decl(c, "pv", neutral)
	pvF := sg.flag(c, "pvF", "false")
	c.line("if (ltid < win) {")
	c.indent++
	c.line("long t = j - ltid;")
	c.line("if (t >= 0) {")
	c.indent++
	// Both words are loaded before either is looked at, so that a step
	// costs one round trip to the L2 cache.
	for _, incl := range []bool{true, false} {
		base := sg.slot(incl, "t")
		for w := 0; w < W; w++ {
			c.line("ulong %s%d = ((volatile __global ulong *)st)[%s + %d];", map[bool]string{true: "wi", false: "wa"}[incl], w, base, w)
		}
	}
	for _, incl := range []bool{true, false} {
		pre := map[bool]string{true: "wi", false: "wa"}[incl]
		cond := make([]string, W)
		words := make([]string, W)
		for w := range cond {
			cond[w] = fmt.Sprintf("(uint)(%s%d >> 32) == epoch", pre, w)
			words[w] = fmt.Sprintf("%s%d", pre, w)
		}
		if incl {
			c.line("if (%s) {", strings.Join(cond, " && "))
		} else {
			c.line("} else if (%s) {", strings.Join(cond, " && "))
		}
		c.indent++
		c.line("s = %d;", map[bool]int{true: 2, false: 1}[incl])
		x, xF := sg.unpackWords(c, words)
		for k := range pv {
			c.line("%s = %s;", pv[k], x[k])
		}
		if sg.segmented {
			c.line("%s = %s;", pvF, xF)
		}
		c.indent--
	}
	c.line("}")
	c.indent--
	c.line("}")
	c.line("if (s != 1) atomic_min(lcut, (int)ltid);")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("long cut = *lcut;")
	c.line("if (ltid < win) {")
	c.indent++
	c.line("if (ltid > cut || (ltid == cut && s != 2)) {")
	c.indent++
	for k := range pv {
		c.line("%s = %s;", pv[k], neutral[k])
	}
	if sg.segmented {
		c.line("%s = false;", pvF)
	}
	c.indent--
	c.line("}")
	sg.storeFlagged(c, val, valF, "ltid", pv, pvF)
	c.line("if (ltid == cut) ltile[3] = s;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (ltid * pc < win) {")
	c.indent++
	acc, accF, err := sg.combineDown(c, hidden, val, valF, "k", "min(ltid * pc + pc, win) - 1", "ltid * pc")
	if err != nil {
		return err
	}
	sg.storeFlagged(c, part, partF, "ltid", acc, accF)
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (ltid == 0) {")
	c.indent++
	acc2, acc2F, err := sg.combineDown(c, hidden, part, partF, "q", "min(cut, win - 1) / pc", "0")
	if err != nil {
		return err
	}
	if err := sg.leftCombine(c, run, runF, acc2, acc2F); err != nil {
		return err
	}
	c.line("ltile[1] = j - cut;")
	c.line("ltile[2] = cut < win && ltile[3] == 2;")
	c.line("*lcut = win;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	return nil
}

// combineDown declares an accumulator (and flag) and emits the
// combination, oldest first, of the local arrays' elements from index hi
// down to lo (C expressions), with loop variable v. The look-back passes
// the hidden copy of the neutral element (hideNeutral) as neutral.
func (sg *scanGen) combineDown(c *cgen, neutral, arr []string, arrF, v, hi, lo string) ([]string, string, error) {
	acc := sg.decl(c, "pa", neutral)
	accF := sg.flag(c, "paF", "false")
	c.line("for (long %s = %s; %s >= %s; %s--) {", v, hi, v, lo, v)
	c.indent++
	x := sg.decl(c, "y", sg.loads(arr, v))
	xF := sg.flag(c, "yF", fmt.Sprintf("%s[%s] != 0", arrF, v))
	if err := sg.segCombine(c, acc, accF, x, xF); err != nil {
		return nil, "", err
	}
	c.indent--
	c.line("}")
	return acc, accF, nil
}

// hideNeutral declares copies of the neutral element that the OpenCL
// compiler cannot see through (read once from a volatile variable). The
// look-back's loops start from them: when NVIDIA's compiler knows that an
// integer sum starts from 0, it restructures those loops, and the
// look-back, on which the next tiles wait, gets slower. An i32 scan of
// 10^8 elements on an H100 took 333-344 us so, and 309-320 us (as the f32
// scan, whose 0.0f + x the compiler may not fold) with the neutral element
// hidden. Starting the loops from their first element instead, or
// keeping the compiler from unrolling them, measured in between
// (bench/RESULTS.md, run 13).
func (sg *scanGen) hideNeutral(c *cgen, neutral []string) []string {
	vol := make([]string, len(neutral))
	for k, ne := range neutral {
		ct, _ := cType(sg.types[k].Elem)
		vol[k] = c.fresh("nev")
		c.line("volatile %s %s = %s;", ct, vol[k], ne)
	}
	return sg.decl(c, "neh", vol)
}

// slot is the index in the status array of the first tagged word of tile
// t's inclusive prefix (incl) or total. (Putting a tile's two values next
// to each other, in one cache sector, measured no better on an H100.)
func (sg *scanGen) slot(incl bool, t string) string {
	W := sg.wordCount()
	if incl {
		return fmt.Sprintf("1 + (ntiles + %s) * %d", t, W)
	}
	return fmt.Sprintf("1 + (%s) * %d", t, W)
}

// Published values are 64-bit words: a tag (the high 32 bits) that says
// the word was written by this launch (exe.Context.ScanStatus hands each
// launch its own tag, so that the status needs no clearing between
// launches), and 32 bits of the value. Each word is written and read by
// an atomic operation, so a reader that sees all of a value's words
// tagged has the whole value, with no ordering needed between the words;
// OpenCL 1.2's mem_fence orders memory only as the work-group sees it,
// which is not enough between work-groups on NVIDIA GPUs (the first
// version, with a fence between values and a status word, gave wrong
// scans there). Readers use volatile loads rather than atomics: an
// aligned 64-bit load is single-copy atomic on GPUs and CPUs alike, and
// hundreds of work-groups polling the same few words with atomics
// serialise in the L2 cache.

// packWords returns the 32-bit pieces (C expressions of type uint) of
// the values vals (and of the flag, when segmented).
func (sg *scanGen) packWords(vals []string, flag string) []string {
	var ws []string
	for k, v := range vals {
		ct, _ := cType(sg.types[k].Elem)
		switch ct {
		case "float":
			ws = append(ws, fmt.Sprintf("as_uint(%s)", v))
		case "double":
			ws = append(ws, fmt.Sprintf("(uint)as_ulong(%s)", v), fmt.Sprintf("(uint)(as_ulong(%s) >> 32)", v))
		case "long", "ulong":
			ws = append(ws, fmt.Sprintf("(uint)(ulong)(%s)", v), fmt.Sprintf("(uint)((ulong)(%s) >> 32)", v))
		case "bool":
			ws = append(ws, fmt.Sprintf("(uint)(%s ? 1 : 0)", v))
		default: // int, uint, short, ushort, char, uchar
			ws = append(ws, fmt.Sprintf("(uint)(%s)", v))
		}
	}
	if sg.segmented {
		ws = append(ws, fmt.Sprintf("(uint)(%s ? 1 : 0)", flag))
	}
	return ws
}

// wordCount is the number of tagged words that hold one value (and flag).
func (sg *scanGen) wordCount() int {
	return len(sg.packWords(make([]string, sg.nScan), "false"))
}

// unpackWords declares variables holding the value (and flag) that the
// tagged words (C expressions of type ulong) hold.
func (sg *scanGen) unpackWords(c *cgen, words []string) ([]string, string) {
	piece := func(w int) string { return fmt.Sprintf("(uint)(%s)", words[w]) }
	wide := func(w int) string { return fmt.Sprintf("(((ulong)%s << 32) | (ulong)%s)", piece(w+1), piece(w)) }
	vals := make([]string, sg.nScan)
	w := 0
	for k := range vals {
		ct, _ := cType(sg.types[k].Elem)
		switch ct {
		case "float":
			vals[k] = fmt.Sprintf("as_float(%s)", piece(w))
			w++
		case "double":
			vals[k] = fmt.Sprintf("as_double(%s)", wide(w))
			w += 2
		case "long", "ulong":
			vals[k] = fmt.Sprintf("(%s)%s", ct, wide(w))
			w += 2
		case "bool":
			vals[k] = fmt.Sprintf("(%s != 0)", piece(w))
			w++
		default:
			vals[k] = fmt.Sprintf("(%s)%s", ct, piece(w))
			w++
		}
	}
	xs := sg.decl(c, "pub", vals)
	if !sg.segmented {
		return xs, ""
	}
	return xs, sg.flag(c, "pubF", fmt.Sprintf("%s != 0", piece(w)))
}

// publish emits the atomic writes of a tile's value (and flag) as tagged
// words from word index base of st.
func (sg *scanGen) publish(c *cgen, base string, vals []string, valF string) {
	for w, x := range sg.packWords(vals, valF) {
		c.line("  atom_xchg(&st[%s + %d], ((ulong)epoch << 32) | (ulong)%s);", base, w, x)
	}
}

// segScanFlat generates the single-pass scan of a segscan whose operators
// are scalar, flat or segmented.
func (h *hgen) segScanFlat(s *soac.Stm, e *soac.SegScanExp, v *soac.LoweredVersion, reds []soac.Reduce, nScan int) error {
	// The elements a work-item scans per tile, as the lowering chose
	// them by the bytes of local memory per element of a tile.
	bytes := lower.ScanTileBytes(e)
	groupSize, ngroups, err := scanLaunchHost(v, bytes)
	if err != nil {
		return fmt.Errorf("%s: %v", s.Pos, err)
	}
	base := h.g.names.id(s.Pat[0].Name)[2:]
	name := "segscan_" + base
	sg := &scanGen{h: h, e: e, reds: reds, nScan: nScan, types: e.Types[:nScan], segmented: len(e.Space) > 1}
	free := segFree(e)
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	hostDims, err := h.spaceSizes(e.Space)
	if err != nil {
		return err
	}
	r := len(e.Space) - 1
	h.line("segs := int64(%s)", strings.Join(append([]string{"1"}, hostDims[:r]...), " * "))
	h.line("seglen := %s", hostDims[r])
	h.line("n := segs * seglen")
	sg.chunk = v.Chunk
	h.line("chunk := int64(%d)", sg.chunk)
	h.line("group := %s", groupSize)
	h.line("tile := group * chunk")
	// As many work-groups as fill the device; each takes tiles until
	// none are left.
	h.line("ntiles := fccGroups(n, tile)")
	h.line("if ntiles > 1<<31-2 {")
	h.line("\treturn nil, fmt.Errorf(\"a scan of %%d elements has more tiles than the tile counter can count\", n)")
	h.line("}")
	h.line("ngroups := %s", ngroups)
	// The tile counter, then two tagged words per 32 bits of a tile's
	// value (see publish): its total and its inclusive prefix.
	W := sg.wordCount()
	h.g.needInt64Atomics = true
	h.line("status, epoch, err := c.ScanStatus(1 + 2*ntiles*%d)", W)
	h.check("", "allocating the scan's tile status")
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
	outs := make([]string, len(s.Pat))
	for i := range outs {
		outs[i] = fmt.Sprintf("out%d", i)
	}
	// The look-back, and on a CPU the cpu version (segscan_cpu.go).
	cpu, err := cpuScanVersion(s)
	if err != nil {
		return err
	}
	h.openGPU(cpu != nil)
	kc, ka, err := sg.scanKernel(name, free, outs, outHost)
	if err != nil {
		return err
	}
	h.g.kernels = append(h.g.kernels, kc.b.String())
	if err := h.launchKernel(kc, ka, name, "ngroups * group", "group"); err != nil {
		return err
	}
	if err := sg.cpuScan(cpu, name, free, outs, outHost); err != nil {
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
			return h.segScanArrays(s, e) // segseq.go
		}
	}
	// Flat and segmented alike: a single pass with decoupled look-back
	// (rewrite/lower: propagate-lookback; see segscan.go).
	v, err := versionWith(s, "", "a single-pass scan", soac.LooksBack)
	if err != nil {
		return err
	}
	return h.segScanFlat(s, e, v, reds, nScan)
}
