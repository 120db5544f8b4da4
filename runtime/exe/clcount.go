package exe

import (
	"fmt"
	"io"
	"os"
	"time"
)

// Counting OpenCL calls.
//
// With FCC_DEBUG_CL=1 in the environment, an executable writes to
// standard error, after its timed runs, how many OpenCL calls of each
// kind they made: what a host loop costs per iteration in allocations,
// copies, reads and synchronisations, which neither -P (kernel times) nor
// FCC_TRACE (one line per call, with times) sums up. Tests read the same
// counts through Context.CLCalls.

var countCLOn = os.Getenv("FCC_DEBUG_CL") != ""

// CLCalls counts the OpenCL calls a context made.
type CLCalls struct {
	// CreateBuffer is clCreateBuffer; Reused the allocations the free
	// list served instead.
	CreateBuffer, Reused int64
	// Launch is clEnqueueNDRangeKernel (the array copies of the generic
	// kernels included); SetArg is clSetKernelArg.
	Launch, SetArg int64
	// LaunchHost is the host time spent inside Context.Launch (argument
	// setting and the enqueue, not the kernel): issue 22 asks for at most
	// 4 us of it per launch, which the kernels' times under -P cannot show.
	LaunchHost time.Duration
	// Copy is clEnqueueCopyBuffer, CopyBytes the bytes it moved.
	Copy, CopyBytes int64
	// Read and Write are host transfers (blocking or not), Finish a
	// clFinish that had work to wait for.
	Read, Write, Finish int64
	// InPlace and Copied count the arrays that operations consuming them
	// (scatter, histograms) updated in place, and those they had to copy.
	InPlace, Copied int64
}

// CLCalls returns the counts since the context was made or its profile
// last reset (after the warm-up run of -r).
func (c *Context) CLCalls() CLCalls { return c.calls }

// writeCLCalls writes the counts of runs runs, per run.
func writeCLCalls(w io.Writer, n CLCalls, runs int) {
	r := int64(max(runs, 1))
	perLaunch := 0.0
	if n.Launch > 0 {
		perLaunch = float64(n.LaunchHost.Nanoseconds()) / float64(n.Launch) / 1000
	}
	fmt.Fprintf(w, "OpenCL calls per run (%d runs): clCreateBuffer %d, buffers reused %d, kernel launches %d (host time %.2f us per launch), clSetKernelArg %d, clEnqueueCopyBuffer %d (%d bytes), reads %d, writes %d, clFinish %d; consumed arrays updated in place %d, copied %d\n",
		runs, n.CreateBuffer/r, n.Reused/r, n.Launch/r, perLaunch, n.SetArg/r, n.Copy/r, n.CopyBytes/r, n.Read/r, n.Write/r, n.Finish/r, n.InPlace/r, n.Copied/r)
}
