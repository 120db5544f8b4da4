package backend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates the cpu version of a scan with scalar operators,
// flat or segmented (the latter with the operator lifted to flags, as the
// GPU version's), which the host runs on a device of type CPU
// (exe.Context.CPUVersions). Its form is derived by rewrite/lower
// (scanOntoItems): chunks scanned by single work-items from carries that
// a pass of their own computes (propagate-global). The GPU version's look-back has work-groups
// spin on their predecessors' published totals and scans tiles in local
// memory with barriers: on PoCL, which runs a work-group's work-items as
// loops with their state saved at each barrier, the scan of 10^7 f32
// took 25 times numpy's. Here the flattened space is cut into one
// contiguous chunk per work-item, and the scan is done in three phases,
// two kernels:
//
//   - segscan_X_cpu1: each work-item folds its chunk into its total;
//   - segscan_X_cpu2: each work-item combines, in order, the totals of
//     the chunks before its own into its carry (there are a few per
//     core), then scans its chunk sequentially from the carry, writing
//     the results.
//
// Operands are only combined left to right, so any associative operator
// is correct. The body runs twice per element, once per kernel: on a CPU
// reading the input twice costs less than a pass that publishes and waits.

// cpuScanVersion is the cpu version of the scan bound by s, or nil.
func cpuScanVersion(s *soac.Stm) (*soac.LoweredVersion, error) {
	lw, err := loweringOf(s)
	if err != nil {
		return nil, err
	}
	return lw.Version(soac.CPUVersion), nil
}

// cpuScan emits, inside segScanFlat's host code after the GPU version's
// launch, the else branch (see openGPU) with the launches of the cpu
// version v; nothing when v is nil.
func (sg *scanGen) cpuScan(v *soac.LoweredVersion, name string, free []soac.VName, outs, outHost []string) error {
	if v == nil {
		return nil
	}
	h := sg.h
	if !v.Has(soac.PassCarries) || !v.Has(soac.ItemsAlone) {
		return fmt.Errorf("internal error: the cpu version of %s is not a three-phase scan by work-items alone", name)
	}
	h.indent--
	h.line("} else {")
	h.indent++
	items, err := launchHost(v, soac.LaunchCPUChunks)
	if err != nil {
		return err
	}
	h.line("items := %s", items)
	sums := make([]string, sg.nScan)
	for k := range sums {
		sums[k] = fmt.Sprintf("cpuSums%d", k)
		h.line("%s, err := c.NewArray(%s, []int64{items})", sums[k], elemConst(sg.types[k].Elem))
		h.check("", "allocating the scan's chunk totals")
	}
	if sg.segmented {
		sums = append(sums, "cpuSumFlags")
		h.line("cpuSumFlags, err := c.NewArray(values.Bool, []int64{items})")
		h.check("", "allocating the scan's chunk flags")
	}
	for phase := 1; phase <= 2; phase++ {
		kname := fmt.Sprintf("%s_cpu%d", name, phase)
		kc, ka, err := sg.cpuScanKernel(kname, phase, free, sums, outs, outHost)
		if err != nil {
			return err
		}
		h.g.kernels = append(h.g.kernels, kc.b.String())
		if err := h.launchKernel(kc, ka, kname, "items", "1"); err != nil {
			return err
		}
	}
	h.release(sums)
	h.indent--
	h.line("}")
	return nil
}

// cpuScanKernel generates phase 1 (chunk totals into sums) or phase 2
// (carries from sums, then the chunks' scans into outs) of the cpu scan.
// sums are the Go expressions of the totals' buffers, and of their flags
// last when the scan is segmented.
func (sg *scanGen) cpuScanKernel(name string, phase int, free []soac.VName, sums, outs, outHost []string) (*cgen, *kernelArgs, error) {
	h, e := sg.h, sg.e
	k, err := h.newSegKernel(free, e.Space, "n", "seglen", "items")
	if err != nil {
		return nil, nil, err
	}
	c, ka := k.c, k.ka
	c.sameSites = true
	sumPtrs := bufArgs(ka, sg.types, "sum", sums[:sg.nScan])
	sumF := ""
	if sg.segmented {
		sumF = "sumf"
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(values.Bool), sumF))
		ka.host = append(ka.host, sums[sg.nScan])
	}
	if phase == 2 {
		for i := range outs {
			ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), outs[i]))
			ka.host = append(ka.host, outHost[i])
		}
	}
	k.head(name)
	c.line("long w = get_global_id(0);")
	c.line("long per = (n + items - 1) / items;")
	c.line("long js = min(w * per, n), je = min(js + per, n);")
	neutral, err := c.neutrals(sg.reds, sg.types, "ne")
	if err != nil {
		return nil, nil, err
	}
	run := sg.decl(c, "run", neutral)
	runF := sg.flag(c, "runf", "false")
	if phase == 2 {
		// The carry: the totals of the chunks before this one, in order.
		c.line("for (long q = 0; q < w; q++) {")
		c.indent++
		x := sg.decl(c, "t", sg.loads(sumPtrs, "q"))
		xF := sg.flag(c, "tf", load(&kview{ptr: sumF, elem: values.Bool}, "q"))
		if err := sg.segCombine(c, run, runF, x, xF); err != nil {
			return nil, nil, err
		}
		c.indent--
		c.line("}")
	}
	xs := sg.decl(c, "x", neutral)
	xf := sg.flag(c, "xf", "false")
	if sg.segmented {
		c.line("long sgi = seglen > 0 ? js / seglen : 0, jj = js - sgi * seglen;")
	}
	c.line("for (long i = js; i < je; i++) {")
	c.indent++
	var mapOuts []string
	if phase == 2 {
		mapOuts = outs
	}
	c.line("{")
	c.indent++
	if err := sg.element(c, "i", xs, xf, mapOuts); err != nil {
		return nil, nil, err
	}
	c.indent--
	c.line("}")
	if err := sg.segCombine(c, run, runF, xs, xf); err != nil {
		return nil, nil, err
	}
	if phase == 2 {
		sg.stores(c, outs[:sg.nScan], "i", run)
	}
	if sg.segmented {
		c.line("if (++jj == seglen) { jj = 0; sgi++; }")
	}
	c.indent--
	c.line("}")
	if phase == 1 {
		c.line("if (w < items) {")
		sg.stores(c, sumPtrs, "w", run)
		if sg.segmented {
			c.line("  %s", store(sumF, values.Bool, "w", runF))
		}
		c.line("}")
	}
	c.kernelEnd()
	return c, ka, nil
}
