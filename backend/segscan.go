package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the parallel scan of a one-dimensional segscan with
// scalar operators, by reduce-then-scan in three kernels:
//
//  1. the input is cut into one contiguous block per work-group; each
//     group walks its block in tiles of one element per work-item
//     (coalesced), reducing each tile in local memory in order, and
//     writes the block's total;
//  2. one work-item scans the (few) block totals sequentially into each
//     block's carry-in;
//  3. each group walks its block again, scanning each tile in local memory
//     (Hillis–Steele, which keeps operands in order) and combining it with
//     the running carry.
//
// Operands are only ever combined left to right, so non-commutative
// operators are correct. The body runs twice per element (stages 1 and
// 3), which costs less than writing and reading its results.

// scanLocal declares one local memory array per scanned value and returns
// their names.
func scanLocal(ka *kernelArgs, types []soac.Type) []string {
	lmem := make([]string, len(types))
	for k, t := range types {
		lmem[k] = fmt.Sprintf("lmem%d", k)
		ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", mustStorage(t.Elem), lmem[k]))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(group * %d)", t.Elem.Size()))
	}
	return lmem
}

// tileBody emits, inside the tile loop of a scan stage, the computation
// of element i (when i < end) into the C variables xs (which start as the
// neutral elements), storing map-out results when outs is not nil.
func (c *cgen) tileBody(e *soac.SegScanExp, nScan int, xs []string, outs []string) error {
	c.line("long i = base + ltid;")
	idx := c.g.names.id(e.Space[0].Index)
	c.line("if (i < end) {")
	c.indent++
	c.line("long %s = i;", idx)
	c.vars[e.Space[0].Index] = kval{scalar: idx}
	c.bounds[e.Space[0].Index] = e.Space[0].N
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	for k := 0; k < nScan; k++ {
		c.line("%s = %s;", xs[k], res[k])
	}
	if outs != nil {
		for i := nScan; i < len(res); i++ {
			if err := c.storeResult(outs[i], e.Types[i], "i", res[i], e.Body.Result[i]); err != nil {
				return err
			}
		}
	}
	c.indent--
	c.line("}")
	return nil
}

// segScanFlat generates the three-kernel scan of a one-dimensional
// segscan whose operators are scalar.
func (h *hgen) segScanFlat(s *soac.Stm, e *soac.SegScanExp, reds []soac.Reduce, nScan int) error {
	base := h.g.names.id(s.Pat[0].Name)[2:]
	names := [3]string{"segscan_" + base + "_reduce", "segscan_" + base + "_carries", "segscan_" + base + "_scan"}
	free := segFree(e)
	scanTypes := e.Types[:nScan]
	h.line("// %s, %s, %s", names[0], names[1], names[2])
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	h.line("{")
	h.indent++
	n, err := h.operand(e.Space[0].N)
	if err != nil {
		return err
	}
	h.line("n := int64(%s)", n)
	h.line("group := c.DefaultGroupSize()")
	h.line("ngroups := min(fccGroups(n, group), max(c.DefaultNumGroups(), 1))")
	h.line("block := (n + ngroups - 1) / ngroups")
	var releases []string
	sums, carries := make([]string, nScan), make([]string, nScan)
	for k := 0; k < nScan; k++ {
		sums[k], carries[k] = fmt.Sprintf("%s_sum%d", base, k), fmt.Sprintf("%s_carry%d", base, k)
		for _, a := range []string{sums[k], carries[k]} {
			h.line("%s, err := c.NewArray(%s, []int64{ngroups})", a, elemConst(scanTypes[k].Elem))
			h.check("", "allocating scan carries")
			releases = append(releases, a)
		}
	}
	// The outputs.
	shapes := make([][]string, len(s.Pat))
	for i := range shapes {
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return err
		}
		shapes[i] = append([]string{"n"}, inner...)
	}
	for i, p := range s.Pat {
		h.line("%s, err = c.NewArray(%s, []int64{%s})", h.g.names.id(p.Name), elemConst(e.Types[i].Elem), strings.Join(shapes[i], ", "))
		h.check("", "allocating %s", p.Name)
	}

	// Stage 1: block totals.
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return err
	}
	ka.decls = append(ka.decls, "long n", "long block")
	ka.host = append(ka.host, "n", "block")
	for k := range sums {
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *sum%d", mustStorage(scanTypes[k].Elem), k))
		ka.host = append(ka.host, sums[k])
	}
	lmem := scanLocal(ka, scanTypes)
	c.kernelHead(names[0], ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0), grp = get_group_id(0);")
	c.line("long start = grp * block, end = min(start + block, n);")
	acc, err := c.neutrals(reds, e.Types, "acc")
	if err != nil {
		return err
	}
	c.line("for (long base = start; base < end; base += lsize) {")
	c.indent++
	xs, err := c.neutrals(reds, e.Types, "x")
	if err != nil {
		return err
	}
	if err := c.tileBody(e, nScan, xs, nil); err != nil {
		return err
	}
	for k := range xs {
		c.line("%s", store(lmem[k], scanTypes[k].Elem, "ltid", xs[k]))
	}
	if err := c.treeReduce(reds, e.Types, lmem); err != nil {
		return err
	}
	c.line("if (ltid == 0) {")
	c.indent++
	tile := make([]string, nScan)
	for k := range tile {
		tile[k] = load(&kview{ptr: lmem[k], elem: scanTypes[k].Elem}, "0")
	}
	if err := c.combine(reds, acc, tile); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	c.line("if (ltid == 0) {")
	for k := range acc {
		c.line("  %s", store(fmt.Sprintf("sum%d", k), scanTypes[k].Elem, "grp", acc[k]))
	}
	c.line("}")
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	if err := h.launchKernel(c, ka, names[0], "ngroups * group", "group"); err != nil {
		return err
	}

	// Stage 2: carries, sequentially.
	c2 := h.g.newCgen()
	ka2, prologue2, err := c2.inputs(free)
	if err != nil {
		return err
	}
	ka2.decls = append(ka2.decls, "long ngroups")
	ka2.host = append(ka2.host, "ngroups")
	for k := range sums {
		ka2.decls = append(ka2.decls, fmt.Sprintf("__global %s *sum%d", mustStorage(scanTypes[k].Elem), k), fmt.Sprintf("__global %s *carry%d", mustStorage(scanTypes[k].Elem), k))
		ka2.host = append(ka2.host, sums[k], carries[k])
	}
	c2.kernelHead(names[1], ka2.decls, prologue2)
	acc2, err := c2.neutrals(reds, e.Types, "acc")
	if err != nil {
		return err
	}
	c2.line("for (long g = 0; g < ngroups; g++) {")
	c2.indent++
	for k := range acc2 {
		c2.line("%s", store(fmt.Sprintf("carry%d", k), scanTypes[k].Elem, "g", acc2[k]))
		tile[k] = load(&kview{ptr: fmt.Sprintf("sum%d", k), elem: scanTypes[k].Elem}, "g")
	}
	if err := c2.combine(reds, acc2, tile); err != nil {
		return err
	}
	c2.indent--
	c2.line("}")
	c2.kernelEnd()
	h.g.kernels = append(h.g.kernels, c2.b.String())
	if err := h.launchKernel(c2, ka2, names[1], "1", "1"); err != nil {
		return err
	}

	// Stage 3: the scan of each block.
	c3 := h.g.newCgen()
	ka3, prologue3, err := c3.inputs(free)
	if err != nil {
		return err
	}
	ka3.decls = append(ka3.decls, "long n", "long block")
	ka3.host = append(ka3.host, "n", "block")
	for k := range carries {
		ka3.decls = append(ka3.decls, fmt.Sprintf("__global %s *carry%d", mustStorage(scanTypes[k].Elem), k))
		ka3.host = append(ka3.host, carries[k])
	}
	outs := make([]string, len(s.Pat))
	for i, p := range s.Pat {
		outs[i] = fmt.Sprintf("out%d", i)
		ka3.decls = append(ka3.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), outs[i]))
		ka3.host = append(ka3.host, h.g.names.id(p.Name))
	}
	lmem = scanLocal(ka3, scanTypes)
	c3.kernelHead(names[2], ka3.decls, prologue3)
	c3.line("long ltid = get_local_id(0), lsize = get_local_size(0), grp = get_group_id(0);")
	c3.line("long start = grp * block, end = min(start + block, n);")
	carry := make([]string, nScan)
	for k := range carry {
		ct, _ := cType(scanTypes[k].Elem)
		carry[k] = fmt.Sprintf("carry_%d", k)
		c3.line("%s %s = %s;", ct, carry[k], load(&kview{ptr: fmt.Sprintf("carry%d", k), elem: scanTypes[k].Elem}, "grp"))
	}
	c3.line("for (long base = start; base < end; base += lsize) {")
	c3.indent++
	xs, err = c3.neutrals(reds, e.Types, "x")
	if err != nil {
		return err
	}
	if err := c3.tileBody(e, nScan, xs, outs); err != nil {
		return err
	}
	for k := range xs {
		c3.line("%s", store(lmem[k], scanTypes[k].Elem, "ltid", xs[k]))
	}
	c3.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c3.line("for (long s = 1; s < lsize; s *= 2) {")
	c3.indent++
	c3.line("if (ltid >= s) {")
	c3.indent++
	left := make([]string, nScan)
	for k := range left {
		ct, _ := cType(scanTypes[k].Elem)
		left[k] = c3.fresh("l")
		c3.line("%s %s = %s;", ct, left[k], load(&kview{ptr: lmem[k], elem: scanTypes[k].Elem}, "ltid - s"))
	}
	if err := c3.combine(reds, left, xs); err != nil {
		return err
	}
	for k := range xs {
		c3.line("%s = %s;", xs[k], left[k])
	}
	c3.indent--
	c3.line("}")
	c3.line("barrier(CLK_LOCAL_MEM_FENCE);")
	for k := range xs {
		c3.line("%s", store(lmem[k], scanTypes[k].Elem, "ltid", xs[k]))
	}
	c3.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c3.indent--
	c3.line("}")
	// The element's result is the carry combined with the tile prefix;
	// the next tile's carry takes in the whole tile.
	res := make([]string, nScan)
	for k := range res {
		ct, _ := cType(scanTypes[k].Elem)
		res[k] = c3.fresh("r")
		c3.line("%s %s = %s;", ct, res[k], carry[k])
	}
	if err := c3.combine(reds, res, xs); err != nil {
		return err
	}
	c3.line("if (i < end) {")
	for k := range res {
		c3.line("  %s", store(outs[k], scanTypes[k].Elem, "i", res[k]))
	}
	c3.line("}")
	for k := range xs {
		c3.line("%s = %s;", xs[k], load(&kview{ptr: lmem[k], elem: scanTypes[k].Elem}, "lsize - 1"))
	}
	if err := c3.combine(reds, carry, xs); err != nil {
		return err
	}
	c3.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c3.indent--
	c3.line("}")
	c3.kernelEnd()
	h.g.kernels = append(h.g.kernels, c3.b.String())
	if err := h.launchKernel(c3, ka3, names[2], "ngroups * group", "group"); err != nil {
		return err
	}
	for _, r := range releases {
		h.line("c.ReleaseArray(%s)", r)
	}
	h.indent--
	h.line("}")
	return nil
}
