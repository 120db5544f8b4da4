package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the cpu version of segred (rewrite/lower derives
// it: contiguous chunks folded sequentially by single work-items, whose
// results one work-item combines in order), which the host runs on a
// device of type CPU (exe.Context.CPUVersions). Work-groups are of one
// work-item: nothing goes through local memory and there is no barrier,
// which PoCL runs as loops over a group's work-items with their state
// saved and restored at each. exe.Context.CPUSplit chooses between
//
//   - rows consecutive segments per work-item, each folded whole and its
//     result written directly (many segments);
//   - chunks contiguous parts per segment (few long segments, and a flat
//     reduction, one segment), whose results segred_X_cpu2 combines in
//     order, one work-item per segment.
//
// Only the order of combination of the chunks' results is fixed, so the
// version serves non-commutative operators too. When the lowering gives
// the version several lanes (it does for commutative operators), a
// work-item keeps that many accumulators, lane u taking elements u,
// u+lanes, … of its chunk: the additions of one lane depend on each
// other, those of different lanes do not, so that a core overlaps them
// (one float addition every cycle instead of one per its latency).

// openGPU opens, when a Seg-op has a cpu version, the branch of the host
// code that runs its GPU versions; the cpu version's generator (segRedCPU,
// scanGen.cpuScan) closes it and adds the else branch. The GPU versions
// come first so that their kernels are generated as if the cpu version
// did not exist (see cgen.sameSites).
func (h *hgen) openGPU(cpu bool) {
	if cpu {
		h.line("if !c.CPUVersions() {")
		h.indent++
	}
}

// segRedCPU emits, inside the host code of segRed after its GPU
// versions, the else branch (see openGPU) with the launches of the cpu
// version v of the reduction; nothing when v is nil.
func (h *hgen) segRedCPU(e *soac.SegRedExp, nRed int, name string, v *soac.LoweredVersion, outHost []string) error {
	if v == nil {
		return nil
	}
	if !v.Has(soac.ItemsAlone) {
		return fmt.Errorf("internal error: the cpu version of %s is not folded by work-items alone", name)
	}
	parts := make([]string, nRed)
	for k := range parts {
		parts[k] = fmt.Sprintf("%s_cpu%d", name, k)
	}
	h.indent--
	h.line("} else {")
	h.indent++
	split, err := launchHost(v, soac.LaunchCPUSplit)
	if err != nil {
		return err
	}
	h.line("chunks, rows := %s", split)
	h.partials(e, parts, outHost, "chunks")
	c1, ka1, err := h.segRedCPUChunks(e, nRed, name+"_cpu", v.Lanes, parts, outHost[nRed:])
	if err != nil {
		return err
	}
	if err := h.launchKernel(c1, ka1, name+"_cpu", "max(fccGroups(segs, rows) * chunks, 1)", "1"); err != nil {
		return err
	}
	combine := func() (*cgen, *kernelArgs, error) {
		return h.segRedCPUCombine(e, nRed, name+"_cpu2", parts, outHost[:nRed])
	}
	if err := h.combinePartials("chunks", parts, combine, name+"_cpu2", "max(segs, 1)", "1"); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}

// segRedCPUChunks generates the kernel in which work-item w folds either
// the rows segments from w*rows (chunks 1) or chunk w%chunks of segment
// w/chunks, into element seg*chunks + chunk of the buffers parts, with
// nLanes accumulators when it is above 1.
func (h *hgen) segRedCPUChunks(e *soac.SegRedExp, nRed int, name string, nLanes int, parts, mapOuts []string) (*cgen, *kernelArgs, error) {
	k, err := h.newSegKernel(segFree(e), e.Space, "chunks", "rows")
	if err != nil {
		return nil, nil, err
	}
	c, ka, dims := k.c, k.ka, k.dims
	c.sameSites = true
	partPtrs := bufArgs(ka, e.Types[:nRed], "part", parts)
	outs := bufArgs(ka, e.Types[nRed:], "mapout", mapOuts)
	r := len(dims) - 1
	outer, inner := dims[:r], dims[r]
	k.head(name)
	c.line("long w = get_global_id(0);")
	c.line("long segs = %s;", strings.Join(append([]string{"1"}, outer...), " * "))
	c.line("long seg0 = chunks == 1 ? w * rows : w / chunks;")
	c.line("long seg1 = min(seg0 + (chunks == 1 ? rows : 1), segs);")
	c.line("long chunk = chunks == 1 ? 0 : w %% chunks;")
	c.line("long per = (%s + chunks - 1) / chunks;", inner)
	c.line("long js = min(chunk * per, %s), je = min(js + per, %s);", inner, inner)
	c.line("for (long seg = seg0; seg < seg1; seg++) {")
	c.indent++
	if r > 0 {
		c.decodeSpace(e.Space[:r], outer, "seg")
	}
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	idx := h.g.names.id(e.Space[r].Index)
	element := func(acc []string) func() error {
		return func() error { return c.segRedElement(e, nRed, idx, inner, acc, outs) }
	}
	if nLanes > 1 {
		lanes := make([][]string, nLanes)
		lanes[0] = acc
		for u := 1; u < nLanes; u++ {
			if lanes[u], err = c.neutrals(e.Reds, e.Types, fmt.Sprintf("lane%d_", u)); err != nil {
				return nil, nil, err
			}
		}
		c.line("long j0 = js;")
		c.line("for (; j0 + %d <= je; j0 += %d) {", nLanes, nLanes)
		c.indent++
		for u := range lanes {
			c.line("{")
			c.indent++
			c.line("long %s = j0 + %d;", idx, u)
			if err := element(lanes[u])(); err != nil {
				return nil, nil, err
			}
			c.indent--
			c.line("}")
		}
		c.indent--
		c.line("}")
		c.line("for (; j0 < je; j0++) {")
		c.indent++
		c.line("long %s = j0;", idx)
		if err := element(acc)(); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
		for u := 1; u < nLanes; u++ {
			if err := c.combine(e.Reds, acc, lanes[u]); err != nil {
				return nil, nil, err
			}
		}
	} else {
		c.line("for (long %s = js; %s < je; %s++) {", idx, idx, idx)
		c.indent++
		if err := element(acc)(); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
	}
	for k := 0; k < nRed; k++ {
		c.line("%s", store(partPtrs[k], e.Types[k].Elem, "seg * chunks + chunk", acc[k]))
	}
	c.indent--
	c.line("}")
	k.end()
	return c, ka, nil
}

// segRedCPUCombine generates the kernel in which work-item seg combines,
// in order, the chunks partial results of segment seg into its result.
func (h *hgen) segRedCPUCombine(e *soac.SegRedExp, nRed int, name string, parts, results []string) (*cgen, *kernelArgs, error) {
	k, err := h.newSegKernel(segFree(e), nil, "segs", "chunks")
	if err != nil {
		return nil, nil, err
	}
	c, ka := k.c, k.ka
	c.sameSites = true
	partPtrs := bufArgs(ka, e.Types[:nRed], "part", parts)
	resPtrs := bufArgs(ka, e.Types[:nRed], "result", results)
	k.head(name)
	c.line("long seg = get_global_id(0);")
	c.line("if (seg < segs) {")
	c.indent++
	acc, err := c.neutrals(e.Reds, e.Types, "acc")
	if err != nil {
		return nil, nil, err
	}
	c.line("for (long j = seg * chunks; j < (seg + 1) * chunks; j++) {")
	c.indent++
	if err := c.combineFrom(e.Reds, e.Types, acc, partPtrs[:nRed], "j"); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	for k := range acc {
		c.line("%s", store(resPtrs[k], e.Types[k].Elem, "seg", acc[k]))
	}
	c.indent--
	c.line("}")
	k.end()
	return c, ka, nil
}
