package cl

/*
#include <stdlib.h>
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
	"strings"
	"unsafe"
)

// Program is an OpenCL program object.
type Program struct {
	p       C.cl_program
	context *Context
}

// CreateProgramWithSource creates a program from OpenCL C source strings
// (concatenated in order).
func (c *Context) CreateProgramWithSource(sources []string) (*Program, error) {
	if len(sources) == 0 {
		sources = []string{""}
	}
	// The strings are copied to C memory; the array of pointers to them is C
	// memory too, so no Go pointer is passed inside another.
	n := len(sources)
	strs := unsafe.Slice((**C.char)(C.malloc(C.size_t(n)*C.size_t(unsafe.Sizeof((*C.char)(nil))))), n)
	lens := make([]C.size_t, n)
	for i, s := range sources {
		strs[i] = C.CString(s)
		lens[i] = C.size_t(len(s))
	}
	defer func() {
		for _, s := range strs {
			C.free(unsafe.Pointer(s))
		}
		C.free(unsafe.Pointer(&strs[0]))
	}()
	var code C.cl_int
	p := C.clCreateProgramWithSource(c.ctx, C.cl_uint(n), &strs[0], &lens[0], &code)
	if err := toError("clCreateProgramWithSource", code); err != nil {
		return nil, err
	}
	return &Program{p: p, context: c}, nil
}

// BuildError is a failed program build. Log holds the compiler's build log
// (for several devices, the logs one after another).
type BuildError struct {
	Err error  // the *Error from clBuildProgram
	Log string // the build log
}

// Error includes the build log, which is what a user needs to see.
func (e *BuildError) Error() string {
	log := strings.TrimSpace(e.Log)
	if log == "" {
		return "cl: program build failed: " + e.Err.Error()
	}
	return "cl: program build failed: " + e.Err.Error() + "\n" + log
}

// Unwrap returns the underlying OpenCL error.
func (e *BuildError) Unwrap() error { return e.Err }

// BuildProgram compiles and links the program for devices (nil means all
// devices of its context) with the given compiler options. On failure the
// error is a *BuildError carrying the build log.
func (p *Program) BuildProgram(devices []*Device, options string) error {
	if devices == nil {
		devices = p.context.devices
	}
	ids := make([]C.cl_device_id, len(devices))
	for i, d := range devices {
		ids[i] = d.id
	}
	var idPtr *C.cl_device_id
	if len(ids) > 0 {
		idPtr = &ids[0]
	}
	opts := C.CString(options)
	defer C.free(unsafe.Pointer(opts))
	code := C.clBuildProgram(p.p, C.cl_uint(len(ids)), idPtr, opts, nil, nil)
	if err := toError("clBuildProgram", code); err != nil {
		var logs []string
		for _, d := range devices {
			if l := strings.TrimSpace(p.BuildLog(d)); l != "" {
				logs = append(logs, l)
			}
		}
		return &BuildError{Err: err, Log: strings.Join(logs, "\n")}
	}
	return nil
}

// BuildLog returns the build log for device (warnings also appear here after
// a successful build).
func (p *Program) BuildLog(device *Device) string {
	return infoString(func(size C.size_t, ptr unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetProgramBuildInfo(p.p, device.id, C.CL_PROGRAM_BUILD_LOG, size, ptr, ret)
	})
}

// Release releases the program.
func (p *Program) Release() {
	if p.p != nil {
		C.clReleaseProgram(p.p)
		p.p = nil
	}
}

// CreateKernel creates the kernel named name from a built program.
func (p *Program) CreateKernel(name string) (*Kernel, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var code C.cl_int
	k := C.clCreateKernel(p.p, cname, &code)
	if err := toError("clCreateKernel", code); err != nil {
		return nil, err
	}
	return &Kernel{k: k, name: name, program: p}, nil
}

// CreateProgramWithBinary creates a program for one device of the context
// from a binary that Binary returned earlier; the program must still be
// built (BuildProgram) before kernels are created from it.
func (c *Context) CreateProgramWithBinary(device *Device, binary []byte) (*Program, error) {
	if len(binary) == 0 {
		return nil, toError("clCreateProgramWithBinary", C.CL_INVALID_BINARY)
	}
	bin := C.CBytes(binary)
	defer C.free(bin)
	n := C.size_t(len(binary))
	ptr := (*C.uchar)(bin)
	var status, code C.cl_int
	p := C.clCreateProgramWithBinary(c.ctx, 1, &device.id, &n, &ptr, &status, &code)
	if err := toError("clCreateProgramWithBinary", code); err != nil {
		return nil, err
	}
	if err := toError("clCreateProgramWithBinary", status); err != nil {
		C.clReleaseProgram(p)
		return nil, err
	}
	return &Program{p: p, context: c}, nil
}

// Binary returns the binary of a built program for its only device (the
// program must have been built for exactly one device).
func (p *Program) Binary() ([]byte, error) {
	var ndev C.cl_uint
	if err := toError("clGetProgramInfo", C.clGetProgramInfo(p.p, C.CL_PROGRAM_NUM_DEVICES, C.size_t(unsafe.Sizeof(ndev)), unsafe.Pointer(&ndev), nil)); err != nil {
		return nil, err
	}
	if ndev != 1 {
		return nil, toError("clGetProgramInfo", C.CL_INVALID_PROGRAM)
	}
	var size C.size_t
	if err := toError("clGetProgramInfo", C.clGetProgramInfo(p.p, C.CL_PROGRAM_BINARY_SIZES, C.size_t(unsafe.Sizeof(size)), unsafe.Pointer(&size), nil)); err != nil {
		return nil, err
	}
	if size == 0 {
		return nil, toError("clGetProgramInfo", C.CL_INVALID_PROGRAM_EXECUTABLE)
	}
	buf := C.malloc(size)
	defer C.free(buf)
	// The array of one pointer lives in C memory, as the binary does.
	ptrs := (**C.uchar)(C.malloc(C.size_t(unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(ptrs))
	*ptrs = (*C.uchar)(buf)
	if err := toError("clGetProgramInfo", C.clGetProgramInfo(p.p, C.CL_PROGRAM_BINARIES, C.size_t(unsafe.Sizeof(uintptr(0))), unsafe.Pointer(ptrs), nil)); err != nil {
		return nil, err
	}
	return C.GoBytes(buf, C.int(size)), nil
}
