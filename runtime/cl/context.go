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
*/
import "C"

import (
	"errors"
	"unsafe"
)

// Context is an OpenCL context over one or more devices of one platform.
type Context struct {
	ctx     C.cl_context
	devices []*Device
}

// CreateContext creates a context over the given devices.
func CreateContext(devices []*Device) (*Context, error) {
	if len(devices) == 0 {
		return nil, errors.New("cl: CreateContext: no devices")
	}
	ids := make([]C.cl_device_id, len(devices))
	for i, d := range devices {
		ids[i] = d.id
	}
	var code C.cl_int
	ctx := C.clCreateContext(nil, C.cl_uint(len(ids)), &ids[0], nil, nil, &code)
	if err := toError("clCreateContext", code); err != nil {
		return nil, err
	}
	return &Context{ctx: ctx, devices: append([]*Device(nil), devices...)}, nil
}

// Devices returns the devices the context was created over.
func (c *Context) Devices() []*Device { return c.devices }

// Release releases the context. Objects created from it should be released
// first.
func (c *Context) Release() {
	if c.ctx != nil {
		C.clReleaseContext(c.ctx)
		c.ctx = nil
	}
}

// MemFlag is a set of cl_mem_flags for buffer creation.
type MemFlag uint

// Buffer creation flags.
const (
	MemReadWrite    MemFlag = C.CL_MEM_READ_WRITE
	MemWriteOnly    MemFlag = C.CL_MEM_WRITE_ONLY
	MemReadOnly     MemFlag = C.CL_MEM_READ_ONLY
	MemUseHostPtr   MemFlag = C.CL_MEM_USE_HOST_PTR
	MemAllocHostPtr MemFlag = C.CL_MEM_ALLOC_HOST_PTR
	MemCopyHostPtr  MemFlag = C.CL_MEM_COPY_HOST_PTR
)

// MemObject is an OpenCL buffer.
type MemObject struct {
	mem  C.cl_mem
	size int
}

// Size is the buffer's size in bytes.
func (m *MemObject) Size() int { return m.size }

// Release releases the buffer; releasing twice is harmless.
func (m *MemObject) Release() {
	if m != nil && m.mem != nil {
		C.clReleaseMemObject(m.mem)
		m.mem = nil
	}
}

// CreateEmptyBuffer allocates a buffer of size bytes with undefined contents.
// OpenCL rejects size 0 (CL_INVALID_BUFFER_SIZE); callers that need empty
// arrays should allocate at least one byte.
func (c *Context) CreateEmptyBuffer(flags MemFlag, size int) (*MemObject, error) {
	var code C.cl_int
	mem := C.clCreateBuffer(c.ctx, C.cl_mem_flags(flags), C.size_t(size), nil, &code)
	if err := toError("clCreateBuffer", code); err != nil {
		return nil, err
	}
	return &MemObject{mem: mem, size: size}, nil
}

// CreateBuffer allocates a buffer initialised with a copy of data
// (CL_MEM_COPY_HOST_PTR is added to flags). MemUseHostPtr is refused: the
// device would keep a pointer into Go memory, which cgo forbids.
func (c *Context) CreateBuffer(flags MemFlag, data []byte) (*MemObject, error) {
	if flags&MemUseHostPtr != 0 {
		return nil, errors.New("cl: CreateBuffer: MemUseHostPtr cannot be used with Go memory")
	}
	if len(data) == 0 {
		return c.CreateEmptyBuffer(flags, 0)
	}
	var code C.cl_int
	// With CL_MEM_COPY_HOST_PTR the data is copied during the call, so
	// passing Go memory is within cgo's rules.
	mem := C.clCreateBuffer(c.ctx, C.cl_mem_flags(flags|MemCopyHostPtr), C.size_t(len(data)), unsafe.Pointer(&data[0]), &code)
	if err := toError("clCreateBuffer", code); err != nil {
		return nil, err
	}
	return &MemObject{mem: mem, size: len(data)}, nil
}
