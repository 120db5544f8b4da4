package backend

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// This file generates the kernels of SegMaps that the tiling pass marked
// with a TilePlan (see package tiling for the shapes of body they have).
//
// 2-D (tile2d): out[i][j] = red (map f A[i] B[j]) over k, with any scalar
// map f, any reduction and any scalar epilogue. A work-group of T x T
// work-items computes a BM x BN = TR x TR block of the result; each
// work-item keeps an R x R register tile of accumulators. The reduction
// dimension advances BK elements at a time: the work-group stages the
// BM x BK slab of every A-side row array and the BK x BN slab of every
// B-side one in local memory, both stored k-major ([BK][BM+PAD]), so that
// the inner product reads, for one kk, R consecutive values of the A
// slab and R of the B slab and does R*R updates. Local memory is double
// buffered and the next slab is prefetched into registers while the
// current one is used, so there is one barrier per slab and the global
// loads' latency hides behind the arithmetic.
//
// Why these sizes, which the lowering chooses (rewrite/lower/tile.go:
// tileVariants; defaults T = 16, R = 8, so 256 work-items, a 128 x 128
// block and BK = 8, the standard recipe for SGEMM on NVIDIA GPUs):
//
//   - arithmetic intensity: per slab a work-item loads (BM+BN)*BK/256 = 8
//     elements from global memory and makes 2*R*BK = 16 local reads (as
//     4-wide vectors: 4 per kk) for R*R*BK = 512 multiply-adds, so the
//     FMA units, not memory, bound the kernel; 64x64 blocks (R = 4) halve
//     the intensity, which is why they are only the fallback for problems
//     too small to give every multiprocessor a 128x128 block;
//   - registers: 64 accumulators + 16 fragment values + 8 prefetched
//     values + addressing stay under 128 registers, so two work-groups
//     (512 work-items, 16 warps) are resident per multiprocessor on an
//     H100 (64K registers), enough to hide the latency of the local reads;
//   - local memory: 2 buffers x 2 slabs x 8 x 132 floats = 16.5 KiB per
//     work-group, far below the 228 KiB of an H100 multiprocessor;
//   - bank conflicts: a work-item's R rows (and columns) are split into
//     groups of 4 spaced 4T apart (row = h*4T + ty*4 + v), so the 4-wide
//     local reads of the 16 work-items of a half-warp with different tx
//     are 16 consecutive float4s (conflict free), and those with
//     different ty broadcast; the slabs' rows are padded by 4 elements so
//     that the transposing stores of the k-major loads hit distinct banks;
//   - coalescing: each array is read in its own layout, whatever view the
//     IR has (the transpose of B in matmul is just strides): when its k
//     stride is 1 consecutive work-items load consecutive k of a row,
//     otherwise consecutive rows of one k, so a warp's loads fall in
//     whole 32-byte sectors either way; where alignment allows (4-byte
//     elements, unit stride, rows starting at multiples of 4 elements
//     and, when reading across rows, a block inside the array) the
//     128x128 variant loads 16-byte vectors instead, one per work-item,
//     slab and array, decided per work-group by a uniform flag;
//   - index arithmetic in the inner product is on 32-bit ints over
//     compile-time constants (every variant is its own kernel), fully
//     unrolled, and a multiply-add map with an addition reduction is
//     emitted as mad() so that it becomes one FMA.
//
// Sizes that are not multiples of the block are handled by clamping the
// loads (a work-item past the edge computes on valid elements, so it can
// raise no error the plain kernel would not) and guarding the stores; a
// k that is not a multiple of BK gets one final partial slab.
//
// The tile sizes are tunable parameters named in the plan (class
// tile_size and reg_tile_size): T is 8 or 16 (default
// --default-tile-size, 16), R is 1, 2, 4 or 8 (default
// --default-reg-tile-size if given, otherwise the largest that still
// gives every compute unit a work-group). Other values are rounded down.
//
// 1-D (tile1d): out[i] = red (map (f p_i) X) over the elements of arrays X
// invariant to i (n-body). A work-group of G work-items stages G elements
// of every X in local memory per step and every work-item runs its
// reduction over them, so each element is read from global memory once
// per work-group instead of once per work-item. G is the plan's
// parameter (default: the default group size).

// tileParam is a tunable parameter a tiled kernel reads.
type tileParam struct {
	name, class string
	def         int64
}

// tileParams lists the tunable parameters of the program's tiled
// SegMaps, in program order, for the executable's parameter list.
func tileParams(p *soac.Program) []tileParam {
	var out []tileParam
	for _, f := range p.Funs {
		soac.VisitExps(f.Body, func(e soac.Exp) {
			sm, ok := e.(*soac.SegMapExp)
			if !ok || sm.Tile == nil {
				return
			}
			if sm.Tile.Rank == 2 {
				out = append(out, tileParam{sm.Tile.BlockSize, "tile_size", 16}, tileParam{sm.Tile.RegSize, "reg_tile_size", 8})
				return
			}
			// 0: the default group size.
			out = append(out, tileParam{sm.Tile.BlockSize, "group_size", 0})
		})
	}
	return out
}

// tiledSegMap generates a SegMap with a tiling plan, its body taken apart
// by the roles the lowering recorded.
func (h *hgen) tiledSegMap(s *soac.Stm, e *soac.SegMapExp) error {
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	switch e.Tile.Rank {
	case 2:
		m, err := tiling.Split2D(e, lw.Tile)
		if err != nil {
			return fmt.Errorf("%s: a tile2d plan: %v", s.Pos, err)
		}
		if len(lw.TileVariants) == 0 {
			return fmt.Errorf("internal error: the tiled segmap at %s has no tile variants", s.Pos)
		}
		return h.tiled2D(s, e, m, lw.TileVariants)
	case 1:
		m, err := tiling.Split1D(e, lw.Tile)
		if err != nil {
			return fmt.Errorf("%s: a tile1d plan: %v", s.Pos, err)
		}
		return h.tiled1D(s, e, m)
	}
	return fmt.Errorf("%s: tiling plan of rank %d", s.Pos, e.Tile.Rank)
}

// newTile2D starts the kernel of variant tv of the tiled map m.
func newTile2D(c *cgen, m *tiling.Match2D, tv soac.TileVariant) *tile2D {
	return &tile2D{c: c, m: m, t: tv.T, r: tv.R, v: tv.Vector, bk: tv.Depth, pad: tv.Pad,
		bx: tv.T * tv.R, nt: tv.T * tv.T, lpt: tv.R * tv.Depth / tv.T}
}

// tile2D is one variant of a 2-D tiled kernel being generated.
type tile2D struct {
	c          *cgen
	m          *tiling.Match2D
	t, r, v    int // work-items per dimension, results per work-item per dimension, vector width
	bk, bx     int // slab depth, block size
	nt, lpt    int // work-items, loads per work-item per row array
	pad        int
	rowLocal   []string // local slab of each row (m.Rows)
	rowStorage []string
	acc        []string // accumulator arrays, one per reduction value
	accType    []string
	// lo, for a segmap with a region, are the kernel's names of the
	// region's starts (region.go): the blocks cover the region only.
	lo []string
	// exact, when not nil, makes the variant for sizes that are multiples
	// of the block and of BK and row arrays that all load as vectors,
	// exact[i] saying whether row array i is read along k: no clamping,
	// no guarded stores, no partial slab, and a layout known when the
	// kernel is compiled. Deciding the layout at run time (as the general
	// variant must) cost 217 registers against 124, so one work-group per
	// multiprocessor instead of two; with the clamps gone too, SGEMM
	// 4096^3 took 3.02 ms instead of 3.73 on an H100 (bench/probe/sgemm.cl).
	exact []bool
}

// tiled2D generates a 2-D tiled SegMap: a kernel per variant the lowering
// recorded (and the exact variants of the first), and the host's choice.
func (h *hgen) tiled2D(s *soac.Stm, e *soac.SegMapExp, m *tiling.Match2D, variants []soac.TileVariant) error {
	name := h.kernelName("tiled2d_", s.Pat)
	free := segFree(e)
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	var ka *kernelArgs
	var hostDims, outs []string
	var kernels []string
	exactHost := "" // the host's test for the exact variants, if any
	nkHost := ""    // the host's expression of the reduction's length, if it has one
	// The region's starts (kernel parameters) and extents (host
	// expressions), for a segmap with a region (region.go).
	var lo, extents []string
	// Every variant is generated by a fresh cgen with the kernel's
	// arguments declared (they are the same for all).
	newKernel := func() (*cgen, *kernelArgs, []string, error) {
		k, err := h.newSegKernel(free, e.Space)
		if err != nil {
			return nil, nil, nil, err
		}
		hostDims = append([]string(nil), k.ka.host[len(k.ka.host)-2:]...)
		if lo, extents, err = h.regionArgs(e, k.ka, hostDims); err != nil {
			return nil, nil, nil, err
		}
		return k.c, k.ka, k.prologue, nil
	}
	for vi, tv := range variants {
		c, k, pro, err := newKernel()
		if err != nil {
			return err
		}
		if vi == 0 {
			ka = k
			shapes := make([][]string, len(s.Pat))
			for i := range shapes {
				shapes[i] = hostDims
			}
			if outs, err = h.segMapOutputs(c, s, e, shapes, ka); err != nil {
				return err
			}
		}
		t := newTile2D(c, m, tv)
		t.lo = lo
		src, err := t.kernel(fmt.Sprintf("%s_t%dr%d", name, t.t, t.r), ka, pro, outs, e)
		if err != nil {
			return err
		}
		kernels = append(kernels, src)
		if vi == 0 {
			if exactHost, err = h.exactTileCheck(t, ka, extents); err != nil {
				return err
			}
			w, err := c.operand(m.Screma.W)
			if err != nil {
				return err
			}
			nkHost = hostArg(ka, w)
			// The exact variants, one per layout of the row arrays
			// (bit i of the name's number: row array i is read along k).
			for mask := 0; exactHost != "" && mask < 1<<len(m.Rows); mask++ {
				c, _, pro, err := newKernel()
				if err != nil {
					return err
				}
				x := newTile2D(c, m, tv)
				x.lo = lo
				x.exact = make([]bool, len(m.Rows))
				for i := range x.exact {
					x.exact[i] = mask&(1<<i) != 0
				}
				src, err := x.kernel(fmt.Sprintf("%s_t%dr%dx%d", name, t.t, t.r, mask), ka, pro, outs, e)
				if err != nil {
					return err
				}
				kernels = append(kernels, src)
			}
		}
	}
	h.g.kernels = append(h.g.kernels, kernels...)

	// Host: choose the variant and launch it, over the region where
	// there is one.
	n, mm := hostDims[0], hostDims[1]
	if extents != nil {
		n, mm = extents[0], extents[1]
	}
	h.line("{")
	h.indent++
	h.line("ts := c.Param(%q, c.DefaultTileSize())", e.Tile.BlockSize)
	// The largest T of the recorded variants not above ts, else the
	// smallest; the largest R of any is where rs starts.
	var ts []int
	maxR := 0
	for _, tv := range variants {
		if len(ts) == 0 || ts[len(ts)-1] != tv.T {
			ts = append(ts, tv.T)
		}
		maxR = max(maxR, tv.R)
	}
	for i, t := range ts {
		switch {
		case len(ts) == 1:
			h.line("ts = %d", t)
		case i == 0:
			h.line("if ts >= %d {", t)
			h.line("\tts = %d", t)
		case i == len(ts)-1:
			h.line("} else {")
			h.line("\tts = %d", t)
			h.line("}")
		default:
			h.line("} else if ts >= %d {", t)
			h.line("\tts = %d", t)
		}
	}
	h.line("rs := c.Opts.DefaultRegTileSize")
	h.line("if rs <= 0 {")
	h.line("\t// The largest register tile that still gives every compute unit a work-group")
	h.line("\t// (%d of them for a reduction of at most %d elements: shortReduction).", shortGroups, shortReduction)
	h.line("\tper := int64(1)")
	if nkHost != "" {
		h.line("\tif int64(%s) <= %d {", nkHost, shortReduction)
		h.line("\t\tper = %d", shortGroups)
		h.line("\t}")
	}
	h.line("\trs = %d", maxR)
	h.line("\tfor rs > 1 && fccGroups(%s, ts*rs)*fccGroups(%s, ts*rs) < per*c.ComputeUnits() {", n, mm)
	h.line("\t\trs /= 2")
	h.line("\t}")
	h.line("}")
	h.line("rs = c.Param(%q, rs)", e.Tile.RegSize)
	// The variant with that T and the largest R not above rs (the
	// smallest R when all are above it).
	h.line("switch {")
	for vi, tv := range variants {
		tr := [2]int{tv.T, tv.R}
		last := vi+1 == len(variants)
		lastOfT := last || variants[vi+1].T != tr[0]
		switch {
		case last:
			h.line("default:")
		case lastOfT:
			h.line("case ts == %d:", tr[0])
		default:
			h.line("case ts == %d && rs >= %d:", tr[0], tr[1])
		}
		h.indent++
		bx := tr[0] * tr[1]
		global := fmt.Sprintf("fccGroups(%s, %d) * %d, fccGroups(%s, %d) * %d", mm, bx, tr[0], n, bx, tr[0])
		kname := fmt.Sprintf("%q", fmt.Sprintf("%s_t%dr%d", name, tr[0], tr[1]))
		if vi == 0 && exactHost != "" {
			h.line("kname := %s", kname)
			h.line("if layout, ok := %s; ok {", exactHost)
			h.line("\tkname = fmt.Sprintf(\"%%sx%%d\", kname, layout)")
			h.line("}")
			kname = "kname"
		}
		h.line("if err := c.LaunchArgs(%s, []int64{%s}, []int64{%d, %d}, %s); err != nil {", kname, global, tr[0], tr[0], launchArgs(ka.host))
		h.line("\treturn nil, err")
		h.line("}")
		h.indent--
	}
	h.line("}")
	h.indent--
	h.line("}")
	return nil
}

// exactTileCheck returns the host's call that decides whether the exact
// variants of tile t apply, and to which layout (see tile2D.exact), or ""
// when the tile has none: more than two row arrays (too many layouts to
// compile), or rows that do not load as vectors.
func (h *hgen) exactTileCheck(t *tile2D, ka *kernelArgs, extents []string) (string, error) {
	m := t.m
	if len(m.Rows) > 2 {
		return "", nil
	}
	for i := range m.Rows {
		if !t.vecOK(i) {
			return "", nil
		}
	}
	nk, err := t.c.operand(m.Screma.W)
	if err != nil {
		return "", err
	}
	// The host's expressions of the kernel's arguments (or constants)
	// that the test needs; without one of them there is no test.
	names := []string{"space_0", "space_1", nk}
	for _, row := range m.Rows {
		v := t.c.vars[row.Arr].view
		names = append(names, v.off, v.strides[0], v.strides[1])
	}
	host := make([]string, len(names))
	for k, cname := range names {
		if host[k] = hostArg(ka, cname); host[k] == "" {
			return "", nil
		}
	}
	if extents != nil {
		// A region: its extents must be multiples of the block, and its
		// starts of 4, as a whole space's are (its blocks begin there).
		host[0], host[1] = extents[0], extents[1]
		starts := ka.host[len(ka.host)-2:]
		host[2] = fmt.Sprintf("%s * int64(1 - min((%s)%%4 + (%s)%%4, 1))", host[2], starts[0], starts[1])
	}
	args := []string{fmt.Sprintf("int64(%s), int64(%s), int64(%s), %d, %d", host[0], host[1], host[2], t.bx, t.bk)}
	for r := 3; r < len(host); r += 3 {
		args = append(args, fmt.Sprintf("[3]int64{%s}", strings.Join(host[r:r+3], ", ")))
	}
	return fmt.Sprintf("exe.ExactTileLayout(%s)", strings.Join(args, ", ")), nil
}

// hostArg returns the host's expression of the kernel's operand cname: a
// constant, or one of the kernel's parameters; "" for another.
func hostArg(ka *kernelArgs, cname string) string {
	// A constant, perhaps a C long literal (typeDim).
	if _, err := strconv.ParseInt(strings.TrimSuffix(cname, "L"), 10, 64); err == nil {
		return strings.TrimSuffix(cname, "L")
	}
	for i, d := range ka.decls {
		if strings.HasSuffix(d, " "+cname) {
			return ka.host[i]
		}
	}
	return ""
}

// shortReduction is the longest reduction (in elements) for which a 2-D
// tiled kernel's register tile is chosen for work-groups rather than for
// reuse: every compute unit is given shortGroups of them. With a few slabs
// a work-group the tile's reuse saves little, and its latency is hidden
// only by many groups (LU's trailing update, bench/RESULTS.md).
const (
	shortReduction = 64
	shortGroups    = 16
)

// kernel returns the OpenCL C of one variant.
func (t *tile2D) kernel(name string, ka *kernelArgs, prologue, outs []string, e *soac.SegMapExp) (string, error) {
	c, m := t.c, t.m
	c.line("__kernel __attribute__((reqd_work_group_size(%d, %d, 1)))", t.t, t.t)
	c.line("void %s(%s)", name, strings.Join(ka.decls, ",\n    "))
	c.line("{")
	c.indent++
	for _, p := range prologue {
		c.line("%s", p)
	}
	c.line("const int tx = get_local_id(0), ty = get_local_id(1), tid = ty * %d + tx;", t.t)
	if t.lo != nil {
		c.line("const long row0 = %s + (long)get_group_id(1) * %d, col0 = %s + (long)get_group_id(0) * %d;", t.lo[0], t.bx, t.lo[1], t.bx)
	} else {
		c.line("const long row0 = (long)get_group_id(1) * %d, col0 = (long)get_group_id(0) * %d;", t.bx, t.bx)
	}
	for i, row := range m.Rows {
		st, err := cStorage(c.g.types[row.Arr].Elem)
		if err != nil {
			return "", err
		}
		t.rowStorage = append(t.rowStorage, st)
		t.rowLocal = append(t.rowLocal, fmt.Sprintf("slab_%d", i))
		c.line("__local %s slab_%d[2][%d][%d] __attribute__((aligned(16)));", st, i, t.bk, t.bx+t.pad)
		v := c.vars[row.Arr].view
		// Load along the array's smaller stride so that a warp's loads
		// are coalesced whatever its layout.
		c.line("%s pf_%d[%d];", st, i, t.lpt)
		if t.exact != nil {
			c.line("const bool kfast_%d = %t, vec_%d = true;", i, t.exact[i], i)
			continue
		}
		c.line("const bool kfast_%d = (%s < 0 ? -%s : %s) <= (%s < 0 ? -%s : %s);", i,
			v.strides[1], v.strides[1], v.strides[1], v.strides[0], v.strides[0], v.strides[0])
		if t.vecOK(i) {
			// 4-wide loads need 16-byte alignment (buffers are aligned
			// further than that): along k, rows starting at multiples of
			// 4 elements; along the rows, the same for every k, and the
			// whole block inside the array, since clamping a row at the
			// edge would split a vector.
			side := "row0"
			if row.Side == 1 {
				side = "col0"
			}
			aligned := ""
			if t.lo != nil {
				// A region's blocks begin at its start, which may not
				// be a multiple of 4.
				aligned = side + " % 4 == 0 && "
			}
			c.line("const bool vec_%d = %s %% 4 == 0 && (kfast_%d ? %s == 1 && %s %% 4 == 0 : %s == 1 && %s %% 4 == 0 && %s%s + %d <= space_%d);",
				i, v.off, i, v.strides[1], v.strides[0], v.strides[0], v.strides[1], aligned, side, t.bx, row.Side)
		}
	}
	// Accumulators.
	red := m.Screma
	for k, rt := range red.Map.RetType {
		ct, err := cType(rt.Elem)
		if err != nil {
			return "", err
		}
		t.acc = append(t.acc, fmt.Sprintf("acc_%d", k))
		t.accType = append(t.accType, ct)
		c.line("%s acc_%d[%d][%d];", ct, k, t.r, t.r)
	}
	k := 0
	for _, r := range red.Reds {
		for _, ne := range r.Neutral {
			x, err := c.operand(ne)
			if err != nil {
				return "", err
			}
			c.line("#pragma unroll")
			c.line("for (int i = 0; i < %d; i++) {", t.r)
			c.line("  #pragma unroll")
			c.line("  for (int j = 0; j < %d; j++) {", t.r)
			c.line("    acc_%d[i][j] = %s;", k, x)
			c.line("  }")
			c.line("}")
			k++
		}
	}
	nk, err := c.operand(red.W)
	if err != nil {
		return "", err
	}
	c.line("const long nk = %s;", nk)
	c.line("const long nfull = nk / %d;", t.bk)
	c.line("const int krem = (int)(nk - nfull * %d);", t.bk)
	c.line("if (nfull > 0) {")
	c.indent++
	t.load("0", false)
	t.stash("0", false)
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("for (long kt = 0; kt < nfull; kt++) {")
	c.indent++
	c.line("const int buf = (int)(kt & 1);")
	c.line("if (kt + 1 < nfull) {")
	c.indent++
	t.load(fmt.Sprintf("(kt + 1) * %d", t.bk), false)
	c.indent--
	c.line("}")
	if err := t.compute("buf", fmt.Sprint(t.bk)); err != nil {
		return "", err
	}
	c.line("if (kt + 1 < nfull) {")
	c.indent++
	t.stash("1 - buf", false)
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	// The last, partial slab: every work-item finished with both
	// buffers at the barrier above.
	if t.exact != nil {
		if err := t.store(e, outs); err != nil {
			return "", err
		}
		c.indent--
		c.line("}")
		c.line("")
		return c.b.String(), nil
	}
	c.line("if (krem > 0) {")
	c.indent++
	t.load(fmt.Sprintf("nfull * %d", t.bk), true)
	t.stash("0", true)
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	if err := t.compute("0", "krem"); err != nil {
		return "", err
	}
	c.indent--
	c.line("}")
	if err := t.store(e, outs); err != nil {
		return "", err
	}
	c.indent--
	c.line("}")
	c.line("")
	if len(c.scratch) > 0 {
		return "", unsupported("per-work-item arrays in a tiled kernel", m.Red.Pos)
	}
	return c.b.String(), nil
}

// rowIndex is the C expression of the place of a work-item's i-th
// result row (or column) in its block: groups of v spaced v*t apart.
func (t *tile2D) rowIndex(i, id string) string {
	if t.v == 1 {
		return fmt.Sprintf("(%s) * %d + %s", i, t.t, id)
	}
	return fmt.Sprintf("((%s) / %d) * %d + %s * %d + (%s) %% %d", i, t.v, t.v*t.t, id, t.v, i, t.v)
}

// vecOK reports whether row array i may be loaded as 4-wide vectors:
// 4-byte elements and 4 loads per work-item per slab.
func (t *tile2D) vecOK(i int) bool {
	st := t.rowStorage[i]
	return t.lpt%4 == 0 && (st == "float" || st == "int" || st == "uint")
}

// load emits the global loads of the slab starting at k0 into the
// prefetch registers; tail clamps k to the last element (and never uses
// vector loads, whose four elements could straddle the end).
func (t *tile2D) load(k0 string, tail bool) {
	c := t.c
	c.line("{")
	c.indent++
	c.line("const long k0 = %s;", k0)
	for i, row := range t.m.Rows {
		v := c.vars[row.Arr].view
		if t.exact != nil {
			// The exact variant's layout says which stride is 1.
			u := *v
			u.strides = append([]string(nil), v.strides...)
			if t.exact[i] {
				u.strides[1] = "1"
			} else {
				u.strides[0] = "1"
			}
			v = &u
		}
		base := "row0"
		if row.Side == 1 {
			base = "col0"
		}
		vec := !tail && t.vecOK(i)
		if vec {
			c.line("if (vec_%d) {", i)
			c.indent++
			c.line("#pragma unroll")
			c.line("for (int l = 0; l < %d; l++) {", t.lpt/4)
			c.indent++
			t.vecIndex(i)
			c.line("long gr = %s + r;", base)
			// Only k-major loads can meet the edge (see vec_i).
			t.clamp(row.Side)
			c.line("const %s4 x = *(__global %s4 *)&%s[%s + gr * %s + (k0 + q) * %s];", t.rowStorage[i], t.rowStorage[i], v.ptr, v.off, v.strides[0], v.strides[1])
			for k, f := range []string{"x", "y", "z", "w"} {
				c.line("pf_%d[4 * l + %d] = x.%s;", i, k, f)
			}
			c.indent--
			c.line("}")
			c.indent--
			c.line("} else {")
			c.indent++
		}
		c.line("#pragma unroll")
		c.line("for (int l = 0; l < %d; l++) {", t.lpt)
		c.indent++
		c.line("const int e = tid + l * %d;", t.nt)
		c.line("const int r = kfast_%d ? e / %d : e %% %d;", i, t.bk, t.bx)
		c.line("const int q = kfast_%d ? e %% %d : e / %d;", i, t.bk, t.bx)
		c.line("long gr = %s + r;", base)
		t.clamp(row.Side)
		c.line("long gk = k0 + q;")
		if tail {
			c.line("if (gk >= nk) gk = nk - 1;")
		}
		c.line("pf_%d[l] = %s[%s + gr * %s + gk * %s];", i, v.ptr, v.off, v.strides[0], v.strides[1])
		c.indent--
		c.line("}")
		if vec {
			c.indent--
			c.line("}")
		}
	}
	c.indent--
	c.line("}")
}

// clamp emits the clamping of row gr of a side's array to the space,
// which the exact variant does not need.
func (t *tile2D) clamp(side int) {
	if t.exact == nil {
		t.c.line("if (gr >= space_%d) gr = space_%d - 1;", side, side)
	}
}

// vecIndex emits the row r and k offset q of the first element of
// vector l of row array i: along k when the array is read k-major, along
// the rows otherwise.
func (t *tile2D) vecIndex(i int) {
	c := t.c
	c.line("const int e = tid + l * %d;", t.nt)
	c.line("const int r = kfast_%d ? e / %d : (e %% %d) * 4;", i, t.bk/4, t.bx/4)
	c.line("const int q = kfast_%d ? (e %% %d) * 4 : e / %d;", i, t.bk/4, t.bx/4)
}

// stash emits the stores of the prefetch registers into buffer buf, in
// the layout the last load used (vector or not).
func (t *tile2D) stash(buf string, tail bool) {
	c := t.c
	for i := range t.m.Rows {
		vec := !tail && t.vecOK(i)
		if vec {
			c.line("if (vec_%d) {", i)
			c.indent++
			c.line("#pragma unroll")
			c.line("for (int l = 0; l < %d; l++) {", t.lpt/4)
			c.indent++
			t.vecIndex(i)
			c.line("#pragma unroll")
			c.line("for (int d = 0; d < 4; d++) {")
			c.line("  if (kfast_%d) slab_%d[%s][q + d][r] = pf_%d[4 * l + d];", i, i, buf, i)
			c.line("  else slab_%d[%s][q][r + d] = pf_%d[4 * l + d];", i, buf, i)
			c.line("}")
			c.indent--
			c.line("}")
			c.indent--
			c.line("} else {")
			c.indent++
		}
		c.line("#pragma unroll")
		c.line("for (int l = 0; l < %d; l++) {", t.lpt)
		c.indent++
		c.line("const int e = tid + l * %d;", t.nt)
		c.line("const int r = kfast_%d ? e / %d : e %% %d;", i, t.bk, t.bx)
		c.line("const int q = kfast_%d ? e %% %d : e / %d;", i, t.bk, t.bx)
		c.line("slab_%d[%s][q][r] = pf_%d[l];", i, buf, i)
		c.indent--
		c.line("}")
		if vec {
			c.indent--
			c.line("}")
		}
	}
}

// mulAdd reports whether the screma is a multiply-add of two floats, the
// inner product that mad() computes in one instruction.
func mulAdd(e *soac.ScremaExp) bool {
	if len(e.Reds) != 1 || len(e.Reds[0].Neutral) != 1 || len(e.Map.Params) != 2 {
		return false
	}
	is := func(l *soac.Lambda, op soac.BinOp) bool {
		b, ok := l.BinOp()
		return ok && b.Op == op && b.T.IsFloat() && b.T != values.F16
	}
	return is(e.Map, soac.Mul) && is(e.Reds[0].Op, soac.Add)
}

// compute emits the updates of the register tile with the first n
// elements of the slabs in buffer buf.
func (t *tile2D) compute(buf, n string) error {
	c, m := t.c, t.m
	red := m.Screma
	if n != "krem" {
		c.line("#pragma unroll")
	}
	c.line("for (int kk = 0; kk < %s; kk++) {", n)
	c.indent++
	rowOf := map[soac.VName]int{}
	for i, row := range m.Rows {
		rowOf[row.Name] = i
		id := "ty"
		if row.Side == 1 {
			id = "tx"
		}
		et := c.g.types[row.Arr].Elem
		ct, _ := cType(et)
		c.line("%s frag_%d[%d];", ct, i, t.r)
		st := t.rowStorage[i]
		if t.v == 4 && (st == "float" || st == "int" || st == "uint") {
			for g := 0; g < t.r/4; g++ {
				vec := c.fresh("vec")
				c.line("const %s4 %s = *(__local %s4 *)&slab_%d[%s][kk][%d + %s * 4];", st, vec, st, i, buf, g*4*t.t, id)
				for q, f := range []string{"x", "y", "z", "w"} {
					c.line("frag_%d[%d] = %s.%s;", i, g*4+q, vec, f)
				}
			}
			continue
		}
		c.line("#pragma unroll")
		c.line("for (int i = 0; i < %d; i++) frag_%d[i] = %s;", t.r, i,
			load(&kview{ptr: fmt.Sprintf("slab_%d[%s][kk]", i, buf), elem: et}, t.rowIndex("i", id)))
	}
	c.line("#pragma unroll")
	c.line("for (int i = 0; i < %d; i++) {", t.r)
	c.indent++
	c.line("#pragma unroll")
	c.line("for (int j = 0; j < %d; j++) {", t.r)
	c.indent++
	args := make([]string, len(red.Inputs))
	for p, in := range red.Inputs {
		i := rowOf[in]
		ij := "i"
		if m.Rows[i].Side == 1 {
			ij = "j"
		}
		args[p] = fmt.Sprintf("frag_%d[%s]", i, ij)
	}
	accs := make([]string, len(t.acc))
	for k, a := range t.acc {
		accs[k] = a + "[i][j]"
	}
	if mulAdd(red) {
		c.line("%s = mad(%s, %s, %s);", accs[0], args[0], args[1], accs[0])
	} else {
		c.line("{")
		c.indent++
		for p, prm := range red.Map.Params {
			if err := c.bindScalar(prm, args[p]); err != nil {
				return err
			}
		}
		xs, err := c.body(red.Map.Body)
		if err != nil {
			return err
		}
		if err := c.combine(red.Reds, accs, xs); err != nil {
			return err
		}
		c.indent--
		c.line("}")
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// store runs the epilogue for every result of the register tile inside
// the space and writes the results.
func (t *tile2D) store(e *soac.SegMapExp, outs []string) error {
	c, m := t.c, t.m
	c.line("#pragma unroll")
	c.line("for (int i = 0; i < %d; i++) {", t.r)
	c.indent++
	c.line("const long gr = row0 + %s;", t.rowIndex("i", "ty"))
	c.line("#pragma unroll")
	c.line("for (int j = 0; j < %d; j++) {", t.r)
	c.indent++
	c.line("const long gc = col0 + %s;", t.rowIndex("j", "tx"))
	if t.exact != nil {
		c.line("{")
	} else {
		c.line("if (gr < space_0 && gc < space_1) {")
	}
	c.indent++
	for d, v := range []string{"gr", "gc"} {
		id := c.g.names.id(e.Space[d].Index)
		c.line("long %s = %s;", id, v)
		c.vars[e.Space[d].Index] = kval{scalar: id}
	}
	for k, p := range m.Red.Pat {
		c.vars[p.Name] = kval{scalar: t.acc[k] + "[i][j]"}
	}
	for _, s := range m.Epilogue {
		if err := c.stm(s); err != nil {
			return err
		}
	}
	for i, r := range e.Body.Result {
		x, err := c.operand(r)
		if err != nil {
			return err
		}
		if e.Region != nil {
			st, err := c.regionStore(e.Region, []string{"gr", "gc"}, x)
			if err != nil {
				return err
			}
			c.line("%s", st)
			continue
		}
		c.line("%s", store(outs[i], e.Types[i].Elem, "gr * space_1 + gc", x))
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// tiled1D generates a SegMap with a tile1d plan.
func (h *hgen) tiled1D(s *soac.Stm, e *soac.SegMapExp, m *tiling.Match1D) error {
	k, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	name := h.kernelName("tiled1d_", s.Pat)
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	hostDims := ka.host[len(ka.host)-1:]
	shapes, err := h.segMapShapes(s, e, hostDims)
	if err != nil {
		return err
	}
	outs, err := h.outputs(c, s.Pat, e.Types, shapes, ka, "out")
	if err != nil {
		return err
	}
	red := m.Screma
	locals := make([]string, len(red.Inputs))
	for i, in := range red.Inputs {
		st, err := cStorage(c.g.types[in].Elem)
		if err != nil {
			return err
		}
		locals[i] = fmt.Sprintf("tile_%d", i)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", st, locals[i]))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(group * %d)", c.g.types[in].Elem.Size()))
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("const int lid = get_local_id(0), gsize = get_local_size(0);")
	c.line("const long gtid = get_global_id(0);")
	// A work-item past the end computes as the last one does, so that
	// it takes part in the loads and barriers and can fail only where
	// the last one would; it stores nothing.
	idx := c.g.names.id(e.Space[0].Index)
	c.line("const long %s = gtid < %s ? gtid : %s - 1;", idx, dims[0], dims[0])
	c.vars[e.Space[0].Index] = kval{scalar: idx}
	for _, st := range m.Prologue {
		if err := c.stm(st); err != nil {
			return err
		}
	}
	acc, err := c.neutrals(red.Reds, red.Map.RetType, "acc_")
	if err != nil {
		return err
	}
	nk, err := c.operand(red.W)
	if err != nil {
		return err
	}
	c.line("const long nk = %s;", nk)
	c.line("for (long k0 = 0; k0 < nk; k0 += gsize) {")
	c.indent++
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("const long ek = k0 + lid < nk ? k0 + lid : nk - 1;")
	for i, in := range red.Inputs {
		v := c.vars[in].view
		c.line("%s[lid] = %s[%s + ek * %s];", locals[i], v.ptr, v.off, v.strides[0])
	}
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("const int cnt = nk - k0 < gsize ? (int)(nk - k0) : gsize;")
	c.line("for (int q = 0; q < cnt; q++) {")
	c.indent++
	for i, p := range red.Map.Params {
		if err := c.bindScalar(p, load(&kview{ptr: locals[i], elem: c.g.types[red.Inputs[i]].Elem}, "q")); err != nil {
			return err
		}
	}
	xs, err := c.body(red.Map.Body)
	if err != nil {
		return err
	}
	if err := c.combine(red.Reds, acc, xs); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	for k, p := range m.Red.Pat {
		c.vars[p.Name] = kval{scalar: acc[k]}
	}
	for _, st := range m.Epilogue {
		if err := c.stm(st); err != nil {
			return err
		}
	}
	res := make([]string, len(e.Body.Result))
	for i, r := range e.Body.Result {
		if v, ok := r.(soac.Var); ok && c.vars[v.Name].view != nil {
			continue
		}
		if res[i], err = c.operand(r); err != nil {
			return err
		}
	}
	c.line("if (gtid < %s) {", dims[0])
	c.indent++
	for i, r := range res {
		if err := c.storeResult(outs[i], e.Types[i], "gtid", r, e.Body.Result[i]); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	h.line("{")
	h.indent++
	h.line("group := c.Param(%q, 0)", e.Tile.BlockSize)
	h.line("if group <= 0 {")
	h.line("\tif group, err = c.KernelGroupSize(%q); err != nil {", name)
	h.line("\t\treturn nil, err")
	h.line("\t}")
	h.line("}")
	// No launch for an empty space: its work-items would all stand in
	// for a last work-item that does not exist (index -1).
	if err := h.launchKernel(c, ka, name, fmt.Sprintf("min(%s, 1) * fccGroups(%s, group) * group", hostDims[0], hostDims[0]), "group"); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}
