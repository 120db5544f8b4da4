// Package cl is a small cgo binding to OpenCL 1.2, the part of it that
// fcc-generated executables need.
//
// Its API follows the shape of github.com/jgillich/go-opencl so that the
// upstream module can replace it by changing an import path. It targets the
// OpenCL 1.2 API only (CL_TARGET_OPENCL_VERSION=120), which NVIDIA's OpenCL 3.0
// driver and PoCL both provide. The package uses nothing but the standard
// library and cgo, because fcc embeds its source and builds it offline into
// every executable.
package cl

/*
#cgo CFLAGS: -DCL_TARGET_OPENCL_VERSION=120
#cgo !darwin LDFLAGS: -lOpenCL
#cgo darwin LDFLAGS: -framework OpenCL
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
	"fmt"
	"unsafe"
)

// ErrOther is an OpenCL status code. Its Error method names the code
// symbolically, e.g. "CL_OUT_OF_RESOURCES (-5)".
type ErrOther int

// Error returns the symbolic name of the code followed by its number.
func (e ErrOther) Error() string {
	return fmt.Sprintf("%s (%d)", CodeName(int(e)), int(e))
}

// Error is a failed OpenCL call: the function that failed and the status code
// it returned. errors.Is(err, ErrOther(-5)) and errors.As work through Unwrap.
type Error struct {
	Func string   // the OpenCL function, e.g. "clEnqueueNDRangeKernel"
	Code ErrOther // the status code it returned
}

// Error reports the function and the symbolic status code.
func (e *Error) Error() string {
	return e.Func + ": " + e.Code.Error()
}

// Unwrap returns the bare status code.
func (e *Error) Unwrap() error { return e.Code }

// Some status codes callers commonly test for with errors.Is.
const (
	ErrDeviceNotFound           ErrOther = -1
	ErrMemObjectAllocFailure    ErrOther = -4
	ErrOutOfResources           ErrOther = -5
	ErrOutOfHostMemory          ErrOther = -6
	ErrBuildProgramFailure      ErrOther = -11
	ErrInvalidValue             ErrOther = -30
	ErrInvalidKernelName        ErrOther = -46
	ErrInvalidWorkGroupSize     ErrOther = -54
	ErrInvalidBufferSize        ErrOther = -61
	ErrPlatformNotFoundKHR      ErrOther = -1001
	ErrProfilingNotAvailable    ErrOther = -7
	ErrInvalidCommandQueue      ErrOther = -36
	ErrInvalidKernelArgs        ErrOther = -52
	ErrInvalidGlobalWorkSize    ErrOther = -63
	ErrInvalidArgSize           ErrOther = -51
	ErrInvalidProgramExecutable ErrOther = -45
)

// CodeOf returns the OpenCL status code carried by err, if there is one.
func CodeOf(err error) (int, bool) {
	var c ErrOther
	if errors.As(err, &c) {
		return int(c), true
	}
	return 0, false
}

// codeNames names every status code of OpenCL 1.2 and later plus the common
// extension codes, so that an error message is readable without the headers.
var codeNames = map[int]string{
	0:     "CL_SUCCESS",
	-1:    "CL_DEVICE_NOT_FOUND",
	-2:    "CL_DEVICE_NOT_AVAILABLE",
	-3:    "CL_COMPILER_NOT_AVAILABLE",
	-4:    "CL_MEM_OBJECT_ALLOCATION_FAILURE",
	-5:    "CL_OUT_OF_RESOURCES",
	-6:    "CL_OUT_OF_HOST_MEMORY",
	-7:    "CL_PROFILING_INFO_NOT_AVAILABLE",
	-8:    "CL_MEM_COPY_OVERLAP",
	-9:    "CL_IMAGE_FORMAT_MISMATCH",
	-10:   "CL_IMAGE_FORMAT_NOT_SUPPORTED",
	-11:   "CL_BUILD_PROGRAM_FAILURE",
	-12:   "CL_MAP_FAILURE",
	-13:   "CL_MISALIGNED_SUB_BUFFER_OFFSET",
	-14:   "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
	-15:   "CL_COMPILE_PROGRAM_FAILURE",
	-16:   "CL_LINKER_NOT_AVAILABLE",
	-17:   "CL_LINK_PROGRAM_FAILURE",
	-18:   "CL_DEVICE_PARTITION_FAILED",
	-19:   "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
	-30:   "CL_INVALID_VALUE",
	-31:   "CL_INVALID_DEVICE_TYPE",
	-32:   "CL_INVALID_PLATFORM",
	-33:   "CL_INVALID_DEVICE",
	-34:   "CL_INVALID_CONTEXT",
	-35:   "CL_INVALID_QUEUE_PROPERTIES",
	-36:   "CL_INVALID_COMMAND_QUEUE",
	-37:   "CL_INVALID_HOST_PTR",
	-38:   "CL_INVALID_MEM_OBJECT",
	-39:   "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
	-40:   "CL_INVALID_IMAGE_SIZE",
	-41:   "CL_INVALID_SAMPLER",
	-42:   "CL_INVALID_BINARY",
	-43:   "CL_INVALID_BUILD_OPTIONS",
	-44:   "CL_INVALID_PROGRAM",
	-45:   "CL_INVALID_PROGRAM_EXECUTABLE",
	-46:   "CL_INVALID_KERNEL_NAME",
	-47:   "CL_INVALID_KERNEL_DEFINITION",
	-48:   "CL_INVALID_KERNEL",
	-49:   "CL_INVALID_ARG_INDEX",
	-50:   "CL_INVALID_ARG_VALUE",
	-51:   "CL_INVALID_ARG_SIZE",
	-52:   "CL_INVALID_KERNEL_ARGS",
	-53:   "CL_INVALID_WORK_DIMENSION",
	-54:   "CL_INVALID_WORK_GROUP_SIZE",
	-55:   "CL_INVALID_WORK_ITEM_SIZE",
	-56:   "CL_INVALID_GLOBAL_OFFSET",
	-57:   "CL_INVALID_EVENT_WAIT_LIST",
	-58:   "CL_INVALID_EVENT",
	-59:   "CL_INVALID_OPERATION",
	-60:   "CL_INVALID_GL_OBJECT",
	-61:   "CL_INVALID_BUFFER_SIZE",
	-62:   "CL_INVALID_MIP_LEVEL",
	-63:   "CL_INVALID_GLOBAL_WORK_SIZE",
	-64:   "CL_INVALID_PROPERTY",
	-65:   "CL_INVALID_IMAGE_DESCRIPTOR",
	-66:   "CL_INVALID_COMPILER_OPTIONS",
	-67:   "CL_INVALID_LINKER_OPTIONS",
	-68:   "CL_INVALID_DEVICE_PARTITION_COUNT",
	-69:   "CL_INVALID_PIPE_SIZE",
	-70:   "CL_INVALID_DEVICE_QUEUE",
	-71:   "CL_INVALID_SPEC_ID",
	-72:   "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
	-1000: "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR",
	-1001: "CL_PLATFORM_NOT_FOUND_KHR",
	-1002: "CL_INVALID_D3D10_DEVICE_KHR",
	-1003: "CL_INVALID_D3D10_RESOURCE_KHR",
	-1004: "CL_D3D10_RESOURCE_ALREADY_ACQUIRED_KHR",
	-1005: "CL_D3D10_RESOURCE_NOT_ACQUIRED_KHR",
	-1006: "CL_INVALID_D3D11_DEVICE_KHR",
	-1007: "CL_INVALID_D3D11_RESOURCE_KHR",
	-1008: "CL_D3D11_RESOURCE_ALREADY_ACQUIRED_KHR",
	-1009: "CL_D3D11_RESOURCE_NOT_ACQUIRED_KHR",
	-1057: "CL_DEVICE_PARTITION_FAILED_EXT",
	-1058: "CL_INVALID_PARTITION_COUNT_EXT",
	-1059: "CL_INVALID_PARTITION_NAME_EXT",
	-1092: "CL_EGL_RESOURCE_NOT_ACQUIRED_KHR",
	-1093: "CL_INVALID_EGL_OBJECT_KHR",
	-1094: "CL_INVALID_ACCELERATOR_INTEL",
	-1095: "CL_INVALID_ACCELERATOR_TYPE_INTEL",
	-1096: "CL_INVALID_ACCELERATOR_DESCRIPTOR_INTEL",
	-1097: "CL_ACCELERATOR_TYPE_NOT_SUPPORTED_INTEL",
	-1098: "CL_INVALID_VA_API_MEDIA_ADAPTER_INTEL",
	-1099: "CL_INVALID_VA_API_MEDIA_SURFACE_INTEL",
	-1100: "CL_VA_API_MEDIA_SURFACE_ALREADY_ACQUIRED_INTEL",
	-1101: "CL_VA_API_MEDIA_SURFACE_NOT_ACQUIRED_INTEL",
	-1102: "CL_COMMAND_TERMINATED_ITSELF_WITH_FAILURE_ARM",
	-1143: "CL_CONTEXT_TERMINATED_KHR",
	-9999: "CL_NV_ILLEGAL_MEMORY_ACCESS", // NVIDIA's undocumented code for a kernel fault
}

// CodeName returns the symbolic name of an OpenCL status code, or
// "CL_UNKNOWN_ERROR" for a code it does not know.
func CodeName(code int) string {
	if n, ok := codeNames[code]; ok {
		return n
	}
	return "CL_UNKNOWN_ERROR"
}

// toError turns a status code into nil or an *Error naming fn.
func toError(fn string, code C.cl_int) error {
	if code == C.CL_SUCCESS {
		return nil
	}
	return &Error{Func: fn, Code: ErrOther(code)}
}

// sizes converts a Go slice of sizes to the size_t array OpenCL expects; nil
// stays nil, which OpenCL reads as "not given".
func sizes(s []int) []C.size_t {
	if s == nil {
		return nil
	}
	out := make([]C.size_t, len(s))
	for i, v := range s {
		out[i] = C.size_t(v)
	}
	return out
}

// sizePtr returns a pointer to the first element, or nil for an empty slice.
func sizePtr(s []C.size_t) *C.size_t {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
}

// infoString reads a string-valued info parameter with the usual two calls
// (size, then contents).
func infoString(get func(size C.size_t, ptr unsafe.Pointer, ret *C.size_t) C.cl_int) string {
	var n C.size_t
	if get(0, nil, &n) != C.CL_SUCCESS || n == 0 {
		return ""
	}
	buf := make([]byte, n)
	if get(n, unsafe.Pointer(&buf[0]), nil) != C.CL_SUCCESS {
		return ""
	}
	// Drop the terminating NUL and anything after it.
	for i, b := range buf {
		if b == 0 {
			buf = buf[:i]
			break
		}
	}
	return string(buf)
}
