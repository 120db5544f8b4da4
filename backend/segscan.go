package backend

import (
	"fmt"
	"strings"

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
//
// A work-group scans its tile in local memory: work-item t evaluates the
// body for elements base + k*group + t (k < chunk), so that the inputs are
// read coalesced, and puts the scanned values in local memory; then
// work-item t scans the chunk consecutive elements t*chunk …
// t*chunk+chunk-1 sequentially, the per-work-item totals are scanned
// across the group (Hillis–Steele), and the tile's total is known. Local
// memory is indexed through P(x) = x + x/32, which makes both the strided
// accesses (stride chunk, a power of two up to 32) and the consecutive
// ones free of bank conflicts.
//
// The tile's carry-in then comes from the tiles before it. Each tile has a
// status word (0: nothing yet, 1: its total is published, 2: its inclusive
// prefix is published) and the two values. The first work-item publishes
// the tile's total, walks back over the predecessors, combining totals
// until it meets a published prefix, and publishes its own inclusive
// prefix; the values are written before their status (a global memory
// fence between) and read after it through volatile loads, which bypass
// the non-coherent L1 caches of GPUs. Then every work-item adds its prefix
// to its elements and the tile is written back coalesced. Operands are
// only ever combined left to right, so non-commutative operators are
// correct.
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
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return nil, nil, err
	}
	// The space's sizes (the outer ones index the body), the number of
	// elements, the segment length, the number of tiles.
	if _, err := h.spaceArgs(c, e.Space, ka); err != nil {
		return nil, nil, err
	}
	ka.decls = append(ka.decls, "long n", "long seglen", "long ntiles", "__global ulong *st")
	ka.host = append(ka.host, "n", "seglen", "ntiles", "status")
	for i := range outs {
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), outs[i]))
		ka.host = append(ka.host, outHost[i])
	}
	lmem, lmemF := sg.locals(ka, "lmem", "group*chunk + group*chunk/32 + 1")
	tot, totF := sg.locals(ka, "ltot", "group")
	lcar, lcarF := sg.locals(ka, "lcar", "1")
	W := sg.wordCount()
	ka.decls = append(ka.decls, "__local long *ltile", "__local int *lstat", "__local ulong *lword")
	ka.host = append(ka.host, "exe.Local(8 * 3)", fmt.Sprintf("exe.Local(4 * %d)", lookbackWindow), fmt.Sprintf("exe.Local(8 * %d)", lookbackWindow*W))
	c.kernelHead(name, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	// A constant, so that the loops over a work-item's elements unroll:
	// the coalesced loads of a tile are then all in flight at once.
	c.line("const long chunk = %d;", sg.chunk)
	neutral, err := c.neutrals(sg.reds, e.Types, "ne")
	if err != nil {
		return nil, nil, err
	}
	c.line("for (;;) {")
	c.indent++
	c.line("if (ltid == 0) ltile[0] = atom_inc(st);")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("long tix = ltile[0];")
	c.line("if (tix >= ntiles) break;")
	c.line("long tb = tix * lsize * chunk, end = min(tb + lsize * chunk, n);")
	// Evaluate the tile, coalesced. A whole tile needs no bounds test
	// between its loads, which can then all be in flight at once.
	evaluate := func(guarded bool) error {
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
		c.line("long p = k * lsize + ltid;")
		c.line("p += p >> 5;")
		sg.stores(c, lmem, "p", xs)
		if sg.segmented {
			c.line("%s[p] = %s;", lmemF, xf)
		}
		sg.advance(c)
		c.indent--
		c.line("}")
		return nil
	}
	c.line("if (end - tb == lsize * chunk) {")
	c.indent++
	if err := evaluate(false); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("} else {")
	c.indent++
	if err := evaluate(true); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// Each work-item scans its chunk consecutive elements.
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
	sg.stores(c, lmem, "p", t)
	if sg.segmented {
		// The running flag: whether a segment starts at or before this
		// element within the work-item's chunk.
		c.line("%s[p] = %s;", lmemF, tf)
	}
	c.indent--
	c.line("}")
	if err := sg.groupScan(c, tot, totF, t, tf); err != nil {
		return nil, nil, err
	}
	// The look-back. The first work-item publishes the tile's total (the
	// first tile its inclusive prefix); then the first lookbackWindow
	// work-items read the status of as many predecessors at once, and the
	// first work-item combines them, newest first, until it meets a
	// published prefix; the window moves back past tiles that had only
	// their totals published, and waits on one that had neither.
	agg := sg.decl(c, "agg", sg.loads(tot, "lsize - 1"))
	aggF := sg.flag(c, "aggF", totF+"[lsize - 1] != 0")
	run := sg.decl(c, "run", neutral)
	runF := sg.flag(c, "runF", "false")
	c.line("if (ltid == 0) {")
	c.indent++
	c.line("if (tix == 0) {")
	sg.publish(c, "ntiles + tix", agg, aggF, W)
	c.line("} else {")
	sg.publish(c, "tix", agg, aggF, W)
	c.line("}")
	c.line("ltile[1] = tix - 1;")
	c.line("ltile[2] = tix == 0;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("while (!ltile[2]) {")
	c.indent++
	c.line("long j = ltile[1];")
	c.line("if (ltid < %d) {", lookbackWindow)
	c.indent++
	c.line("long t = j - ltid;")
	c.line("int s = 0;")
	c.line("if (t >= 0) {")
	c.indent++
	for _, what := range []struct {
		base   string
		status int
	}{{"ntiles + t", 2}, {"t", 1}} {
		c.line("if (s == 0) {")
		c.indent++
		c.line("bool ok = true;")
		for w := 0; w < W; w++ {
			c.line("ulong w%d = ((volatile __global ulong *)st)[1 + (%s) * %d + %d];", w, what.base, W, w)
			c.line("ok = ok && (w%d >> 32) != 0;", w)
		}
		c.line("if (ok) {")
		c.indent++
		c.line("s = %d;", what.status)
		for w := 0; w < W; w++ {
			c.line("lword[ltid * %d + %d] = w%d;", W, w, w)
		}
		c.indent--
		c.line("}")
		c.indent--
		c.line("}")
	}
	c.indent--
	c.line("}")
	c.line("lstat[ltid] = s;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (ltid == 0) {")
	c.indent++
	c.line("long k = 0;")
	c.line("for (; k < %d; k++) {", lookbackWindow)
	c.indent++
	c.line("int s = lstat[k];")
	c.line("if (s == 0) break;")
	words := make([]string, W)
	for w := range words {
		words[w] = fmt.Sprintf("lword[k * %d + %d]", W, w)
	}
	x, xF := sg.unpackWords(c, words)
	if err := sg.leftCombine(c, run, runF, x, xF); err != nil {
		return nil, nil, err
	}
	c.line("if (s == 2) { ltile[2] = 1; break; }")
	c.indent--
	c.line("}")
	c.line("ltile[1] = j - k;")
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
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
	sg.publish(c, "ntiles + tix", incl, inclF, W)
	c.indent--
	c.line("}")
	sg.stores(c, lcar, "0", run)
	if sg.segmented {
		c.line("%s[0] = %s;", lcarF, runF)
	}
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
	c.line("#pragma unroll")
	c.line("for (long k = 0; k < chunk; k++) {")
	c.indent++
	c.line("long p = ltid * chunk + k;")
	c.line("p += p >> 5;")
	if sg.segmented {
		c.line("if (%s[p]) continue;", lmemF)
	}
	v := sg.decl(c, "v", pre)
	ys2 := sg.decl(c, "y", sg.loads(lmem, "p"))
	if err := c.combine(sg.reds, v, ys2); err != nil {
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
	// The next tile reuses the local arrays and ltile.
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	c.kernelEnd()
	return c, ka, nil
}

// lookbackWindow is the number of predecessors the look-back reads at
// once.
const lookbackWindow = 32

// Published values are 64-bit words: a tag (bit 32) that says the word is
// written, and 32 bits of the value. Each word is written and read by an
// atomic operation, so a reader that sees all of a value's words tagged
// has the whole value, with no ordering needed between the words; OpenCL
// 1.2's mem_fence orders memory only as the work-group sees it, which is
// not enough between work-groups on NVIDIA GPUs (the first version, with
// a fence between values and a status word, gave wrong scans there).
// Readers use volatile loads rather than atomics: an aligned 64-bit load
// is single-copy atomic on GPUs and CPUs alike, and hundreds of
// work-groups polling the same few words with atomics serialise in the
// L2 cache.

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
// words at word index 1 + (slot)*W of st.
func (sg *scanGen) publish(c *cgen, slot string, vals []string, valF string, W int) {
	for w, x := range sg.packWords(vals, valF) {
		c.line("  atom_xchg(&st[1 + (%s) * %d + %d], (1UL << 32) | (ulong)%s);", slot, W, w, x)
	}
}

// segScanFlat generates the single-pass scan of a segscan whose operators
// are scalar, flat or segmented.
func (h *hgen) segScanFlat(s *soac.Stm, e *soac.SegScanExp, reds []soac.Reduce, nScan int) error {
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
	// As many work-groups as fill the device; each takes tiles until
	// none are left.
	h.line("ntiles := fccGroups(n, tile)")
	h.line("if ntiles > 1<<31-2 {")
	h.line("\treturn nil, fmt.Errorf(\"a scan of %%d elements has more tiles than the tile counter can count\", n)")
	h.line("}")
	h.line("ngroups := min(ntiles, max(c.ReduceNumGroups(), 1))")
	var releases []string
	// The tile counter, then two tagged words per 32 bits of a tile's
	// value (see publish): its total and its inclusive prefix.
	W := sg.wordCount()
	h.g.needInt64Atomics = true
	h.line("status, err := c.NewArray(values.U64, []int64{1 + 2*ntiles*%d})", W)
	h.check("", "allocating the scan's tile status")
	releases = append(releases, "status")
	h.line("if err := c.Fill(status.Buf, make([]byte, 8), 0, 8*(1+2*ntiles*%d)); err != nil {", W)
	h.line("\treturn nil, err")
	h.line("}")
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
	kc, ka, err := sg.scanKernel(name, free, outs, outHost)
	if err != nil {
		return err
	}
	h.g.kernels = append(h.g.kernels, kc.b.String())
	if err := h.launchKernel(kc, ka, name, "ngroups * group", "group"); err != nil {
		return err
	}
	for _, r := range releases {
		h.line("c.ReleaseArray(%s)", r)
	}
	h.indent--
	h.line("}")
	return nil
}
