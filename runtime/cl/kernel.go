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
	"fmt"
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
	var size uintptr
	var ptr unsafe.Pointer
	// Each case copies the value into a local variable whose address is
	// passed; clSetKernelArg copies the bytes before returning.
	switch v := arg.(type) {
	case int8:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case int16:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case int32:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case int64:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case uint8:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case uint16:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case uint32:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case uint64:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case float32:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case float64:
		size, ptr = unsafe.Sizeof(v), unsafe.Pointer(&v)
	case *MemObject:
		if v == nil || v.mem == nil {
			return fmt.Errorf("cl: kernel %s argument %d: nil or released buffer", k.name, index)
		}
		m := v.mem
		size, ptr = unsafe.Sizeof(m), unsafe.Pointer(&m)
	case LocalBuffer:
		if v < 0 {
			return fmt.Errorf("cl: kernel %s argument %d: negative local memory size %d", k.name, index, int(v))
		}
		size, ptr = uintptr(v), nil
	default:
		return fmt.Errorf("cl: kernel %s argument %d: unsupported type %T", k.name, index, arg)
	}
	return k.SetArgUnsafe(index, int(size), ptr)
}

// SetArgUnsafe sets argument index to size bytes at arg (arg nil for local
// memory). The bytes are copied during the call.
func (k *Kernel) SetArgUnsafe(index, size int, arg unsafe.Pointer) error {
	code := C.clSetKernelArg(k.k, C.cl_uint(index), C.size_t(size), arg)
	if err := toError("clSetKernelArg", code); err != nil {
		return fmt.Errorf("kernel %s argument %d: %w", k.name, index, err)
	}
	return nil
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
