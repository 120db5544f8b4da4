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

// The scalar and buffer arguments are passed by value and copied here, on
// the C stack: a Go pointer handed to C escapes to the heap, which would
// cost an allocation per argument on every launch.
static cl_int fcc_set_arg_scalar(cl_kernel k, cl_uint index, size_t size, cl_ulong bits) {
	switch (size) {
	case 1: { cl_uchar v = (cl_uchar)bits; return clSetKernelArg(k, index, 1, &v); }
	case 2: { cl_ushort v = (cl_ushort)bits; return clSetKernelArg(k, index, 2, &v); }
	case 4: { cl_uint v = (cl_uint)bits; return clSetKernelArg(k, index, 4, &v); }
	default: return clSetKernelArg(k, index, 8, &bits);
	}
}

static cl_int fcc_set_arg_mem(cl_kernel k, cl_uint index, cl_mem m) {
	return clSetKernelArg(k, index, sizeof m, &m);
}
*/
import "C"

import (
	"fmt"
	"math"
	"unsafe"
)

// Kernel is an OpenCL kernel object. Setting arguments changes the kernel
// object, so a Kernel must not be used from two goroutines at once.
type Kernel struct {
	k       C.cl_kernel
	name    string
	program *Program
}

// LocalBuffer is a kernel argument that reserves that many bytes of local
// memory for a __local pointer parameter.
type LocalBuffer int

// Name is the kernel's function name.
func (k *Kernel) Name() string { return k.name }

// Release releases the kernel.
func (k *Kernel) Release() {
	if k.k != nil {
		C.clReleaseKernel(k.k)
		k.k = nil
	}
}

// NumArgs is CL_KERNEL_NUM_ARGS.
func (k *Kernel) NumArgs() (int, error) {
	var v C.cl_uint
	code := C.clGetKernelInfo(k.k, C.CL_KERNEL_NUM_ARGS, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v), nil)
	if err := toError("clGetKernelInfo", code); err != nil {
		return 0, err
	}
	return int(v), nil
}

// SetArg sets argument index. Accepted: int8, int16, int32, int64, uint8,
// uint16, uint32, uint64, float32, float64, *MemObject (a buffer), and
// LocalBuffer (local memory). Go's int, uint and bool are refused because
// their size on the device is ambiguous: convert them explicitly.
func (k *Kernel) SetArg(index int, arg interface{}) error {
	switch v := arg.(type) {
	case int8:
		return k.SetArgScalar(index, 1, uint64(v))
	case int16:
		return k.SetArgScalar(index, 2, uint64(v))
	case int32:
		return k.SetArgScalar(index, 4, uint64(v))
	case int64:
		return k.SetArgScalar(index, 8, uint64(v))
	case uint8:
		return k.SetArgScalar(index, 1, uint64(v))
	case uint16:
		return k.SetArgScalar(index, 2, uint64(v))
	case uint32:
		return k.SetArgScalar(index, 4, uint64(v))
	case uint64:
		return k.SetArgScalar(index, 8, v)
	case float32:
		return k.SetArgScalar(index, 4, uint64(math.Float32bits(v)))
	case float64:
		return k.SetArgScalar(index, 8, math.Float64bits(v))
	case *MemObject:
		return k.SetArgMem(index, v)
	case LocalBuffer:
		return k.SetArgLocal(index, int(v))
	}
	return fmt.Errorf("cl: kernel %s argument %d: unsupported type %T", k.name, index, arg)
}

// SetArgScalar sets argument index to a scalar of size bytes (1, 2, 4 or
// 8): the low size bytes of bits, as the kernel reads them (a float's bits
// from math.Float32bits, a signed integer's two's complement). Unlike
// SetArg it allocates nothing, which matters on every launch of a host
// loop.
func (k *Kernel) SetArgScalar(index, size int, bits uint64) error {
	switch size {
	case 1, 2, 4, 8:
	default:
		return fmt.Errorf("cl: kernel %s argument %d: scalar of %d bytes (want 1, 2, 4 or 8)", k.name, index, size)
	}
	return k.argError(index, C.fcc_set_arg_scalar(k.k, C.cl_uint(index), C.size_t(size), C.cl_ulong(bits)))
}

// SetArgMem sets argument index to buffer m.
func (k *Kernel) SetArgMem(index int, m *MemObject) error {
	if m == nil || m.mem == nil {
		return fmt.Errorf("cl: kernel %s argument %d: nil or released buffer", k.name, index)
	}
	return k.argError(index, C.fcc_set_arg_mem(k.k, C.cl_uint(index), m.mem))
}

// SetArgLocal reserves bytes of local memory for the __local pointer
// parameter index.
func (k *Kernel) SetArgLocal(index, bytes int) error {
	if bytes < 0 {
		return fmt.Errorf("cl: kernel %s argument %d: negative local memory size %d", k.name, index, bytes)
	}
	return k.SetArgUnsafe(index, bytes, nil)
}

// argError is the error of clSetKernelArg's code, naming the argument.
func (k *Kernel) argError(index int, code C.cl_int) error {
	if err := toError("clSetKernelArg", code); err != nil {
		return fmt.Errorf("kernel %s argument %d: %w", k.name, index, err)
	}
	return nil
}

// SetArgUnsafe sets argument index to size bytes at arg (arg nil for local
// memory). The bytes are copied during the call.
func (k *Kernel) SetArgUnsafe(index, size int, arg unsafe.Pointer) error {
	return k.argError(index, C.clSetKernelArg(k.k, C.cl_uint(index), C.size_t(size), arg))
}

// SetArgs sets arguments 0, 1, ... in order.
func (k *Kernel) SetArgs(args ...interface{}) error {
	for i, a := range args {
		if err := k.SetArg(i, a); err != nil {
			return err
		}
	}
	return nil
}

func (k *Kernel) workGroupInfo(device *Device, param C.cl_kernel_work_group_info, size C.size_t, ptr unsafe.Pointer) error {
	var id C.cl_device_id
	if device != nil {
		id = device.id
	}
	return toError("clGetKernelWorkGroupInfo", C.clGetKernelWorkGroupInfo(k.k, id, param, size, ptr, nil))
}

// WorkGroupSize is the largest work-group this kernel can be launched with
// on device (CL_KERNEL_WORK_GROUP_SIZE); it can be smaller than the device's
// maximum when the kernel uses many registers or much local memory.
func (k *Kernel) WorkGroupSize(device *Device) (int, error) {
	var v C.size_t
	if err := k.workGroupInfo(device, C.CL_KERNEL_WORK_GROUP_SIZE, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// PreferredWorkGroupSizeMultiple is
// CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE (the warp or wavefront size
// on GPUs).
func (k *Kernel) PreferredWorkGroupSizeMultiple(device *Device) (int, error) {
	var v C.size_t
	if err := k.workGroupInfo(device, C.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// LocalMemSize is CL_KERNEL_LOCAL_MEM_SIZE: local memory the kernel uses,
// including that of its LocalBuffer arguments as currently set.
func (k *Kernel) LocalMemSize(device *Device) (int64, error) {
	var v C.cl_ulong
	if err := k.workGroupInfo(device, C.CL_KERNEL_LOCAL_MEM_SIZE, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)); err != nil {
		return 0, err
	}
	return int64(v), nil
}
