package exe

import "github.com/fcclang/fcc/runtime/cl"

// This file chooses between the versions of a Seg-op that the lowering
// derives per class of device (rewrite/lower): a GPU version, whose
// work-groups combine through local memory and whose groups cooperate by
// atomics, and a CPU version, in which each work-item folds a contiguous
// chunk sequentially. On a CPU (PoCL) a work-group's barriers and local
// memory are loops and context switches over its work-items, and many
// small groups are as many scheduling steps: the GPU shape of a sum of
// 10^7 f32 ran 20-70 times slower than numpy there.

// CPUVersions reports whether Seg-ops run their CPU versions: on a device
// of type CL_DEVICE_TYPE_CPU, unless the tunable parameter cpu_versions
// says otherwise (--param cpu_versions=0 runs the GPU versions on a CPU,
// which is how they are tested without a GPU; 1 forces the CPU versions).
func (c *Context) CPUVersions() bool {
	if c.cpuVersions == 0 {
		c.cpuVersions = -1
		if c.Param(cpuVersionsParam, deviceIsCPU(c.device)) != 0 {
			c.cpuVersions = 1
		}
	}
	return c.cpuVersions > 0
}

// cpuVersionsParam is the tunable parameter that overrides the device's
// type; every program accepts it.
const cpuVersionsParam = "cpu_versions"

func deviceIsCPU(d *cl.Device) int64 {
	if d != nil && d.Type()&cl.DeviceTypeCPU != 0 {
		return 1
	}
	return 0
}

// CPUItems is the number of work-items of a CPU version's kernel,
// perUnit per compute unit (soac.LaunchParams.PerUnit).
func (c *Context) CPUItems(perUnit int64) int64 { return c.ComputeUnits() * max(perUnit, 1) }

// CPUSplit chooses how the work-items of a CPU version share segs
// segments of segLen elements: each work-item folds rows consecutive
// segments whole (chunks 1) when there are enough segments to keep every
// work-item busy, otherwise each segment is cut in chunks contiguous
// parts folded by as many work-items (rows 1), whose results a second
// pass combines in order. A chunk has at least l.MinChunk elements, and
// there are l.PerUnit work-items per compute unit, as the lowering chose
// (launch "cpu-split").
func (c *Context) CPUSplit(segs, segLen int64, l Launch) (chunks, rows int64) {
	return cpuSplit(segs, segLen, c.CPUItems(l.PerUnit), l.MinChunk)
}

func cpuSplit(segs, segLen, items, minChunk int64) (chunks, rows int64) {
	minChunk = max(minChunk, 1)
	if segs <= 0 {
		return 1, 1
	}
	if segs >= items || segLen <= minChunk {
		return 1, (segs + items - 1) / items
	}
	chunks = (items + segs - 1) / segs
	chunks = min(chunks, (segLen+minChunk-1)/minChunk)
	return max(chunks, 1), 1
}
