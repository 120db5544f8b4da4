package exe

import (
	"fmt"
	"math"
	"strings"
)

// GPUThreshold is Threshold for a threshold declared gpu_only (the
// intra-group versions', and stencil loops' whose halo repeats much of
// the work): where Seg-ops run their CPU versions (CPUVersions), its
// default is never, as a work-group's barriers there are loops over its
// work-items (on PoCL the intra version of a loop over rows of 256
// elements ran 18 times slower than the flattened one, where on a GPU it
// saves the loop's launches); a value set by --param or a tuning file
// still holds.
func (c *Context) GPUThreshold(name string, par, def int64) bool {
	if _, set := c.params[name]; !set && c.CPUVersions() {
		def = math.MaxInt64
	}
	return c.Threshold(name, par, def)
}

// GroupFits reports whether a work-group of group work-items using local
// bytes of local memory can be launched on the device: it guards the
// intra-group versions of multi-versioned code (group_fits in the IR;
// flatten/intra.go in the compiler). The group is checked against the
// device's maximum work-group size, the bytes against its local memory.
func (c *Context) GroupFits(group, local int64) bool {
	// Asked of the device once (a predicate in a host loop is evaluated
	// every iteration), as ScanGroupSize does.
	if c.localMem == 0 {
		c.localMem = 32 << 10
		if c.device != nil {
			if m := c.device.LocalMemSize(); m > 0 {
				c.localMem = m
			}
		}
	}
	res := group <= c.deviceMaxGroup() && local <= c.localMem
	if c.Opts.Log || c.Opts.Debug {
		fmt.Fprintf(c.log, "A work-group of %d work-items and %d bytes of local memory fits the device: %t.\n", group, local, res)
	}
	return res
}

// KernelFits reports whether kernel can be launched in work-groups of
// group work-items (CL_KERNEL_WORK_GROUP_SIZE, which a kernel's
// registers can bring below the device's maximum that GroupFits checks):
// it guards the blocked versions of stencil loops, whose work-groups are
// their tiles (the wide ones: 1024 work-items). A kernel the device
// cannot report on does not fit. NVIDIA's OpenCL reports 256 for every
// kernel, 24 registers or 32 (bench/probe/cllog.c on an H200), where
// such kernels run in groups of 1024: there the device's maximum decides.
func (c *Context) KernelFits(kernel string, group int64) bool {
	res := false
	if c.kernelSizeUnreported() {
		res = group <= c.deviceMaxGroup()
	} else if k, err := c.Kernel(kernel); err == nil {
		m, err := k.WorkGroupSize(c.device)
		res = err == nil && (m <= 0 || group <= int64(m))
	}
	if c.Opts.Log || c.Opts.Debug {
		fmt.Fprintf(c.log, "Kernel %s takes work-groups of %d work-items: %t.\n", kernel, group, res)
	}
	return res
}

// kernelSizeUnreported reports whether the platform's
// CL_KERNEL_WORK_GROUP_SIZE says nothing of the kernel (KernelFits).
func (c *Context) kernelSizeUnreported() bool {
	return c.platform != nil && unreportedKernelSize(c.platform.Name())
}

// unreportedKernelSize reports whether platform's kernels all report the
// same largest work-group whatever their registers (NVIDIA's).
func unreportedKernelSize(platform string) bool {
	return strings.Contains(platform, "NVIDIA")
}
