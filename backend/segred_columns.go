package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file is the columns strategy of a segmented commutative segred:
// a few segments whose elements lie next to each other in memory, the
// segment index the array's contiguous dimension, as in
//
//	map (\col -> sum (map2 (*) xs col)) (transpose A)
//
// where A is [n][h] row-major with h small (back-propagation's hidden
// layer: 16 segments of 65537 elements). The groups strategy gives each
// work-group one segment, so that neighbouring work-items read elements
// a row of A apart: a memory transaction each, the whole matrix fetched
// once per segment. Here every work-group holds all the segments instead:
// work-item ltid reduces segment ltid % segs over the rows ltid / segs,
// ltid / segs + rows, … of its group's share (rows = lsize / segs), so
// that a group reads whole rows of A, coalesced; the rows' values are
// combined per segment in local memory, and the groups' values per
// segment by stage 2 (segRedStage2, a work-group per segment reading
// them coalesced): no transposed copy of A. (A single pass, the last
// group combining the others' values as in singlePassFinish, leaves
// each of its work-items gps*segs/lsize published values to wait for in
// turn: some 66 dependent loads at the gps that fills an H200.)
//
// The host takes it at run time, when some array read by the body at
// [.., segment, element] has the segment's dimension contiguous and the
// element's not (columnsCond), the segments fit in half a group, and
// there are at least columnsMinElements elements.

// columnRead is a read of a free array at the segment's and the
// element's indices: dimension seg and dimension elem of arr.
type columnRead struct {
	arr       soac.VName
	seg, elem int
}

// columnReads returns the reads of free arrays in the body of e (a
// segmented segred) indexed by both the innermost segment index and the
// element index.
func columnReads(e *soac.SegRedExp) []columnRead {
	r := len(e.Space) - 1
	if r < 1 {
		return nil
	}
	segIdx, elemIdx := e.Space[r-1].Index, e.Space[r].Index
	free := soac.FreeInExp(e)
	var reads []columnRead
	soac.VisitExps(e.Body, func(x soac.Exp) {
		ix, ok := x.(*soac.IndexExp)
		if !ok || !free[ix.Arr] {
			return
		}
		cr := columnRead{arr: ix.Arr, seg: -1, elem: -1}
		for k, i := range ix.Indices {
			if v, ok := i.(soac.Var); ok {
				switch v.Name {
				case segIdx:
					cr.seg = k
				case elemIdx:
					cr.elem = k
				}
			}
		}
		if cr.seg >= 0 && cr.elem >= 0 {
			reads = append(reads, cr)
		}
	})
	return reads
}

// columnsCond is the Go condition under which the host takes the columns
// strategy of e, "" when it never does: a read whose segment dimension
// is contiguous and whose element dimension is not, segments that fit
// in half a group (two rows a step at least), enough elements.
func (h *hgen) columnsCond(e *soac.SegRedExp) string {
	var alts []string
	seen := map[string]bool{}
	for _, cr := range columnReads(e) {
		x := h.g.names.id(cr.arr)
		alt := fmt.Sprintf("(%s.Stride(%d) == 1 && %s.Stride(%d) != 1)", x, cr.seg, x, cr.elem)
		if !seen[alt] {
			seen[alt] = true
			alts = append(alts, alt)
		}
	}
	if len(alts) == 0 {
		return ""
	}
	return fmt.Sprintf("segs >= 1 && segs*2 <= group && segs*seglen >= %d && (%s)", columnsMinElements, strings.Join(alts, " || "))
}

// columnsMinElements is the fewest elements for which the columns
// strategy is taken. Below, the reduction is bound by latency and
// launches, not by the strided reads, and the strategy's second kernel
// costs more than it saves: on an H200, back-propagation's 16 segments
// of 65537 f32 (2^20 elements) took 13 us in the groups strategy's one
// kernel and 11 + 6 us in the columns strategy's two. The strided reads
// fetch a 32-byte sector per element, so that the groups strategy's
// time grows with eight times the matrix's bytes.
const columnsMinElements = 1 << 21

// segRedColumns generates the first kernel of the columns strategy: gps
// groups, each over all segments, group g writing its value of segment s
// to element s*gps+g of the buffers parts (the results when gps is 1),
// and the map-out results to mapOuts.
func (h *hgen) segRedColumns(e *soac.SegRedExp, nRed int, name string, parts, mapOuts []string) (*cgen, *kernelArgs, error) {
	k, err := h.newSegKernel(segFree(e), e.Space, "gps")
	if err != nil {
		return nil, nil, err
	}
	c, ka, dims := k.c, k.ka, k.dims
	partPtrs := bufArgs(ka, e.Types[:nRed], "part", parts)
	outs := bufArgs(ka, e.Types[nRed:], "mapout", mapOuts)
	lmem := redLocals(e, nRed, ka)
	r := len(dims) - 1
	outer, inner := dims[:r], dims[r]
	types := e.Types[:nRed]
	k.head(name)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0), grp = get_group_id(0);")
	c.line("long nsegs = %s;", strings.Join(append([]string{"1"}, outer...), " * "))
	c.line("long rows = lsize / nsegs, seg = ltid %% nsegs, row = ltid / nsegs;")
	c.decodeSpace(e.Space[:r], outer, "seg")
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	idx := h.g.names.id(e.Space[r].Index)
	element := func() error { return c.segRedElement(e, nRed, idx, inner, acc, outs) }
	c.line("long step = gps * rows;")
	// Work-items beyond rows * nsegs read nothing.
	if err := c.unrolledLoop(idx, fmt.Sprintf("row < rows ? grp * rows + row : %s", inner), inner, "step", element); err != nil {
		return nil, nil, err
	}
	if err := c.rowsCombine(e.Reds, types, acc, lmem); err != nil {
		return nil, nil, err
	}
	// lmem[seg] (row 0, where ltid is seg) holds the group's value of
	// segment seg: the result with one group, else the group's partial
	// result, parts[seg * gps + grp], which stage 2 combines.
	c.line("if (row == 0) {")
	for i := 0; i < nRed; i++ {
		c.line("  %s", store(partPtrs[i], types[i].Elem, "seg * gps + grp", load(&kview{ptr: lmem[i], elem: types[i].Elem}, "seg")))
	}
	c.line("}")
	k.end()
	return c, ka, nil
}

// rowsCombine stores the work-items' values acc in lmem and combines
// them per segment over the rows (a tree with sequential addressing,
// the operators commutative): afterwards lmem[seg] holds segment seg's.
func (c *cgen) rowsCombine(reds []soac.Reduce, types []soac.Type, acc, lmem []string) error {
	for k := range acc {
		c.line("%s", store(lmem[k], types[k].Elem, "ltid", acc[k]))
	}
	p2 := c.fresh("p2")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("long %s = 1;", p2)
	c.line("while (%s < rows) %s <<= 1;", p2, p2)
	c.line("for (long s = %s / 2; s > 0; s >>= 1) {", p2)
	c.indent++
	c.line("if (row < s && row + s < rows) {")
	return c.treeStep(reds, types, lmem, "ltid + s * nsegs")
}
