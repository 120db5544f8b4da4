package cl

/*
// The OpenCL header lives in a different place on macOS. It is included
// directly in every file (no local header) so that copying this package's
// .go files is enough to build it.
#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif

// fcc_enqueue_kernel is clEnqueueNDRangeKernel without an offset or an
// event, the sizes passed by value: a Go pointer handed to C escapes to
// the heap, which would cost allocations on every launch.
static cl_int fcc_enqueue_kernel(cl_command_queue q, cl_kernel k, cl_uint dims,
		size_t g0, size_t g1, size_t g2, int has_local, size_t l0, size_t l1, size_t l2) {
	size_t g[3] = {g0, g1, g2}, l[3] = {l0, l1, l2};
	return clEnqueueNDRangeKernel(q, k, dims, NULL, g, has_local ? l : NULL, 0, NULL, NULL);
}
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

// CommandQueueProperty is a set of cl_command_queue_properties.
type CommandQueueProperty uint

// Command queue properties.
const (
	CommandQueueOutOfOrderExecModeEnable CommandQueueProperty = C.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE
	CommandQueueProfilingEnable          CommandQueueProperty = C.CL_QUEUE_PROFILING_ENABLE
)

// CommandQueue is an OpenCL command queue on one device.
type CommandQueue struct {
	q      C.cl_command_queue
	device *Device
}

// CreateCommandQueue creates a command queue on device. It uses the OpenCL
// 1.2 entry point, which OpenCL 2.0+ drivers still export.
func (c *Context) CreateCommandQueue(device *Device, props CommandQueueProperty) (*CommandQueue, error) {
	var code C.cl_int
	q := C.clCreateCommandQueue(c.ctx, device.id, C.cl_command_queue_properties(props), &code)
	if err := toError("clCreateCommandQueue", code); err != nil {
		return nil, err
	}
	return &CommandQueue{q: q, device: device}, nil
}

// Device is the queue's device.
func (q *CommandQueue) Device() *Device { return q.device }

// Release releases the queue.
func (q *CommandQueue) Release() {
	if q.q != nil {
		C.clReleaseCommandQueue(q.q)
		q.q = nil
	}
}

// Finish blocks until every command in the queue has completed.
func (q *CommandQueue) Finish() error { return toError("clFinish", C.clFinish(q.q)) }

// Flush submits the queued commands to the device without waiting.
func (q *CommandQueue) Flush() error { return toError("clFlush", C.clFlush(q.q)) }

// eventList converts a wait list to the array OpenCL expects. The array
// holds C handles only, so it may live in Go memory.
func eventList(events []*Event) (C.cl_uint, *C.cl_event) {
	if len(events) == 0 {
		return 0, nil
	}
	list := make([]C.cl_event, 0, len(events))
	for _, e := range events {
		if e != nil && e.ev != nil {
			list = append(list, e.ev)
		}
	}
	if len(list) == 0 {
		return 0, nil
	}
	return C.cl_uint(len(list)), &list[0]
}

func checkRange(fn string, buf *MemObject, offset, size int) error {
	if offset < 0 || size < 0 || offset+size > buf.size {
		return fmt.Errorf("cl: %s: range [%d, %d) outside buffer of %d bytes", fn, offset, offset+size, buf.size)
	}
	return nil
}

// EnqueueReadBuffer copies size bytes at offset in buf to dst.
//
// With blocking false the copy completes later, so dst must not be Go memory
// that can move or be freed before the returned event completes: use C
// memory, or pin it (runtime.Pinner) until then. Blocking reads into Go
// memory are always safe.
func (q *CommandQueue) EnqueueReadBuffer(buf *MemObject, blocking bool, offset int, dst unsafe.Pointer, size int, waitList []*Event) (*Event, error) {
	if err := checkRange("EnqueueReadBuffer", buf, offset, size); err != nil {
		return nil, err
	}
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueReadBuffer(q.q, buf.mem, clBool(blocking), C.size_t(offset), C.size_t(size), dst, n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueReadBuffer", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

// EnqueueWriteBuffer copies size bytes from src to buf at offset. The same
// rule about non-blocking transfers and Go memory holds as for
// EnqueueReadBuffer.
func (q *CommandQueue) EnqueueWriteBuffer(buf *MemObject, blocking bool, offset int, src unsafe.Pointer, size int, waitList []*Event) (*Event, error) {
	if err := checkRange("EnqueueWriteBuffer", buf, offset, size); err != nil {
		return nil, err
	}
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueWriteBuffer(q.q, buf.mem, clBool(blocking), C.size_t(offset), C.size_t(size), src, n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueWriteBuffer", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

// EnqueueReadBufferBytes is a blocking read of len(dst) bytes at offset.
func (q *CommandQueue) EnqueueReadBufferBytes(buf *MemObject, offset int, dst []byte) error {
	if len(dst) == 0 {
		return nil
	}
	ev, err := q.EnqueueReadBuffer(buf, true, offset, unsafe.Pointer(&dst[0]), len(dst), nil)
	if err == nil {
		ev.Release()
	}
	return err
}

// EnqueueWriteBufferBytes is a blocking write of src to buf at offset.
func (q *CommandQueue) EnqueueWriteBufferBytes(buf *MemObject, offset int, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	ev, err := q.EnqueueWriteBuffer(buf, true, offset, unsafe.Pointer(&src[0]), len(src), nil)
	if err == nil {
		ev.Release()
	}
	return err
}

// EnqueueCopyBuffer copies size bytes from src at srcOffset to dst at
// dstOffset on the device.
func (q *CommandQueue) EnqueueCopyBuffer(src, dst *MemObject, srcOffset, dstOffset, size int, waitList []*Event) (*Event, error) {
	if err := checkRange("EnqueueCopyBuffer", src, srcOffset, size); err != nil {
		return nil, err
	}
	if err := checkRange("EnqueueCopyBuffer", dst, dstOffset, size); err != nil {
		return nil, err
	}
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueCopyBuffer(q.q, src.mem, dst.mem, C.size_t(srcOffset), C.size_t(dstOffset), C.size_t(size), n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueCopyBuffer", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

// EnqueueFillBuffer fills size bytes of buf at offset with repetitions of
// the patternSize-byte pattern (1, 2, 4, ..., 128 bytes; offset and size
// multiples of it). OpenCL copies the pattern during the call.
func (q *CommandQueue) EnqueueFillBuffer(buf *MemObject, pattern unsafe.Pointer, patternSize, offset, size int, waitList []*Event) (*Event, error) {
	if err := checkRange("EnqueueFillBuffer", buf, offset, size); err != nil {
		return nil, err
	}
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueFillBuffer(q.q, buf.mem, pattern, C.size_t(patternSize), C.size_t(offset), C.size_t(size), n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueFillBuffer", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

// EnqueueNDRangeKernel launches kernel over globalSize work-items (one entry
// per dimension) in work-groups of localSize; localSize nil lets the driver
// choose, globalOffset nil means zero.
func (q *CommandQueue) EnqueueNDRangeKernel(kernel *Kernel, globalOffset, globalSize, localSize []int, waitList []*Event) (*Event, error) {
	dims := len(globalSize)
	if dims < 1 || dims > 3 {
		return nil, fmt.Errorf("cl: EnqueueNDRangeKernel: %d dimensions (want 1 to 3)", dims)
	}
	if (globalOffset != nil && len(globalOffset) != dims) || (localSize != nil && len(localSize) != dims) {
		return nil, fmt.Errorf("cl: EnqueueNDRangeKernel: global size has %d dimensions, offset %d, local size %d", dims, len(globalOffset), len(localSize))
	}
	off, gs, ls := sizes(globalOffset), sizes(globalSize), sizes(localSize)
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueNDRangeKernel(q.q, kernel.k, C.cl_uint(dims), sizePtr(off), sizePtr(gs), sizePtr(ls), n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueNDRangeKernel", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

// EnqueueKernel is EnqueueNDRangeKernel without an event: drivers do
// less per launch when nobody will ask about the command. It allocates
// nothing.
func (q *CommandQueue) EnqueueKernel(kernel *Kernel, globalSize, localSize []int) error {
	dims := len(globalSize)
	if dims < 1 || dims > 3 {
		return fmt.Errorf("cl: EnqueueKernel: %d dimensions (want 1 to 3)", dims)
	}
	if localSize != nil && len(localSize) != dims {
		return fmt.Errorf("cl: EnqueueKernel: global size has %d dimensions, local size %d", dims, len(localSize))
	}
	var g, l [3]C.size_t
	for i, v := range globalSize {
		g[i] = C.size_t(v)
	}
	for i, v := range localSize {
		l[i] = C.size_t(v)
	}
	hasLocal := C.int(0)
	if localSize != nil {
		hasLocal = 1
	}
	code := C.fcc_enqueue_kernel(q.q, kernel.k, C.cl_uint(dims), g[0], g[1], g[2], hasLocal, l[0], l[1], l[2])
	return toError("clEnqueueNDRangeKernel", code)
}

// EnqueueBarrierWithWaitList makes later commands wait for the listed events
// (or for all earlier commands when the list is empty).
func (q *CommandQueue) EnqueueBarrierWithWaitList(waitList []*Event) (*Event, error) {
	n, list := eventList(waitList)
	var ev C.cl_event
	code := C.clEnqueueBarrierWithWaitList(q.q, n, list, &ev)
	runtime.KeepAlive(waitList)
	if err := toError("clEnqueueBarrierWithWaitList", code); err != nil {
		return nil, err
	}
	return newEvent(ev), nil
}

func clBool(b bool) C.cl_bool {
	if b {
		return C.CL_TRUE
	}
	return C.CL_FALSE
}

// MapFlag is a set of cl_map_flags.
type MapFlag uint64

// Map flags.
const (
	MapRead  MapFlag = C.CL_MAP_READ
	MapWrite MapFlag = C.CL_MAP_WRITE
)

// EnqueueMapBuffer maps size bytes of buf at offset into the host's
// address space and returns where. With blocking false the memory holds
// the buffer's contents only once the queue has reached the map (after a
// Finish, say). Until EnqueueUnmapMemObject no command may use buf.
func (q *CommandQueue) EnqueueMapBuffer(buf *MemObject, blocking bool, flags MapFlag, offset, size int) (unsafe.Pointer, error) {
	if err := checkRange("EnqueueMapBuffer", buf, offset, size); err != nil {
		return nil, err
	}
	var code C.cl_int
	p := C.clEnqueueMapBuffer(q.q, buf.mem, clBool(blocking), C.cl_map_flags(flags), C.size_t(offset), C.size_t(size), 0, nil, nil, &code)
	if err := toError("clEnqueueMapBuffer", code); err != nil {
		return nil, err
	}
	return p, nil
}

// EnqueueUnmapMemObject ends a mapping that EnqueueMapBuffer made.
func (q *CommandQueue) EnqueueUnmapMemObject(buf *MemObject, ptr unsafe.Pointer) error {
	return toError("clEnqueueUnmapMemObject", C.clEnqueueUnmapMemObject(q.q, buf.mem, ptr, 0, nil, nil))
}
