package exe

import (
	"fmt"
	"unsafe"

	"github.com/fcclang/fcc/runtime/cl"
)

// The host stage: a few hundred bytes of pinned (page-locked) host memory
// that the small device-to-host reads land in, the error buffer's copy
// and scalar results.
//
// NVIDIA's OpenCL copies into pageable memory through a bounce buffer of
// its own, which is slow to complete: after a 137 us kernel, a
// non-blocking 4-byte read into Go memory and a clFinish took 38 us
// beyond the kernel, the same read into pinned memory 15 us, and a
// blocking read into Go memory 15-18 us (bench/probe/syncprobe.c;
// bench/RESULTS.md, run 10). Pinned host memory is what a mapped
// CL_MEM_ALLOC_HOST_PTR buffer gives; the buffer itself is never used by
// a command while it is mapped, only its mapping, as the destination of
// reads of other buffers. (Letting kernels or copies write into the
// mapped buffer instead is not allowed by OpenCL, and on NVIDIA the
// mapping does not see such writes.)

const (
	stageErrOffset    = 0   // errorBufferBytes of the error buffer's copy
	stageScalarOffset = 192 // a scalar of up to 8 bytes
	stageBytes        = 256
)

// hostStage returns the mapped stage, creating it on first use.
func (c *Context) hostStage() (unsafe.Pointer, error) {
	if c.stageMap != nil {
		return c.stageMap, nil
	}
	m, err := c.ctx.CreateEmptyBuffer(cl.MemReadWrite|cl.MemAllocHostPtr, stageBytes)
	if err != nil {
		return nil, fmt.Errorf("allocating %d bytes of pinned host memory: %w", stageBytes, err)
	}
	p, err := c.queue.EnqueueMapBuffer(m, true, cl.MapRead|cl.MapWrite, 0, stageBytes)
	if err != nil {
		m.Release()
		return nil, fmt.Errorf("mapping %d bytes of pinned host memory: %w", stageBytes, err)
	}
	c.stage, c.stageMap = m, p
	return p, nil
}

// stageBytesAt is the stage's memory from offset on, n bytes of it.
func (c *Context) stageBytesAt(offset, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(c.stageMap, offset)), n)
}

// readStaged reads size (at most 8) bytes of buf at offset through the
// stage, waiting for the queue: a non-blocking read into pinned memory
// and a clFinish, which complete sooner on NVIDIA than a blocking read
// into Go memory. The queue is idle afterwards, so the Finish that ends
// an entry point's run costs nothing more. The bytes returned are the
// stage's, valid until the next read.
func (c *Context) readStaged(buf *Buffer, offset, size int64) ([]byte, error) {
	if _, err := c.hostStage(); err != nil {
		return nil, err
	}
	c.calls.Read++
	ev, err := c.queue.EnqueueReadBuffer(buf.Mem, false, int(offset), unsafe.Add(c.stageMap, stageScalarOffset), int(size), nil)
	if err != nil {
		return nil, err
	}
	ev.Release()
	c.calls.Finish++
	if err := c.queue.Finish(); err != nil {
		return nil, err
	}
	c.idle = true
	return c.stageBytesAt(stageScalarOffset, int(size)), nil
}

// releaseStage unmaps and frees the stage.
func (c *Context) releaseStage() {
	if c.stage == nil {
		return
	}
	if c.queue != nil && c.stageMap != nil {
		// The unmap completes before the queue is released; an error
		// leaves nothing to do but free the buffer.
		_ = c.queue.EnqueueUnmapMemObject(c.stage, c.stageMap)
		_ = c.queue.Finish()
	}
	c.stage.Release()
	c.stage, c.stageMap = nil, nil
}
