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

import "unsafe"

// Device is an OpenCL device. Its getters return the zero value when the
// driver does not answer, as upstream go-opencl's do.
type Device struct {
	id       C.cl_device_id
	platform *Platform
}

func (d *Device) info(param C.cl_device_info, size C.size_t, ptr unsafe.Pointer) bool {
	return C.clGetDeviceInfo(d.id, param, size, ptr, nil) == C.CL_SUCCESS
}

func (d *Device) str(param C.cl_device_info) string {
	return infoString(func(size C.size_t, ptr unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetDeviceInfo(d.id, param, size, ptr, ret)
	})
}

func (d *Device) uint(param C.cl_device_info) int {
	var v C.cl_uint
	if !d.info(param, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)) {
		return 0
	}
	return int(v)
}

func (d *Device) ulong(param C.cl_device_info) int64 {
	var v C.cl_ulong
	if !d.info(param, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)) {
		return 0
	}
	return int64(v)
}

func (d *Device) sizeT(param C.cl_device_info) int {
	var v C.size_t
	if !d.info(param, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)) {
		return 0
	}
	return int(v)
}

func (d *Device) boolean(param C.cl_device_info) bool {
	var v C.cl_bool
	if !d.info(param, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)) {
		return false
	}
	return v != C.CL_FALSE
}

// Name is CL_DEVICE_NAME.
func (d *Device) Name() string { return d.str(C.CL_DEVICE_NAME) }

// Vendor is CL_DEVICE_VENDOR.
func (d *Device) Vendor() string { return d.str(C.CL_DEVICE_VENDOR) }

// Version is CL_DEVICE_VERSION.
func (d *Device) Version() string { return d.str(C.CL_DEVICE_VERSION) }

// DriverVersion is CL_DRIVER_VERSION.
func (d *Device) DriverVersion() string { return d.str(C.CL_DRIVER_VERSION) }

// OpenCLCVersion is CL_DEVICE_OPENCL_C_VERSION.
func (d *Device) OpenCLCVersion() string { return d.str(C.CL_DEVICE_OPENCL_C_VERSION) }

// Profile is CL_DEVICE_PROFILE.
func (d *Device) Profile() string { return d.str(C.CL_DEVICE_PROFILE) }

// Extensions is CL_DEVICE_EXTENSIONS, a space-separated list.
func (d *Device) Extensions() string { return d.str(C.CL_DEVICE_EXTENSIONS) }

// Type is CL_DEVICE_TYPE.
func (d *Device) Type() DeviceType {
	var v C.cl_device_type
	if !d.info(C.CL_DEVICE_TYPE, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v)) {
		return 0
	}
	return DeviceType(v)
}

// MaxComputeUnits is CL_DEVICE_MAX_COMPUTE_UNITS.
func (d *Device) MaxComputeUnits() int { return d.uint(C.CL_DEVICE_MAX_COMPUTE_UNITS) }

// MaxClockFrequency is CL_DEVICE_MAX_CLOCK_FREQUENCY in MHz.
func (d *Device) MaxClockFrequency() int { return d.uint(C.CL_DEVICE_MAX_CLOCK_FREQUENCY) }

// MaxWorkGroupSize is CL_DEVICE_MAX_WORK_GROUP_SIZE.
func (d *Device) MaxWorkGroupSize() int { return d.sizeT(C.CL_DEVICE_MAX_WORK_GROUP_SIZE) }

// MaxWorkItemDimensions is CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS.
func (d *Device) MaxWorkItemDimensions() int { return d.uint(C.CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS) }

// MaxWorkItemSizes is CL_DEVICE_MAX_WORK_ITEM_SIZES, one entry per dimension.
func (d *Device) MaxWorkItemSizes() []int {
	n := d.MaxWorkItemDimensions()
	if n <= 0 {
		return nil
	}
	v := make([]C.size_t, n)
	if !d.info(C.CL_DEVICE_MAX_WORK_ITEM_SIZES, C.size_t(n)*C.size_t(unsafe.Sizeof(v[0])), unsafe.Pointer(&v[0])) {
		return nil
	}
	out := make([]int, n)
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// GlobalMemSize is CL_DEVICE_GLOBAL_MEM_SIZE in bytes.
func (d *Device) GlobalMemSize() int64 { return d.ulong(C.CL_DEVICE_GLOBAL_MEM_SIZE) }

// LocalMemSize is CL_DEVICE_LOCAL_MEM_SIZE in bytes.
func (d *Device) LocalMemSize() int64 { return d.ulong(C.CL_DEVICE_LOCAL_MEM_SIZE) }

// MaxMemAllocSize is CL_DEVICE_MAX_MEM_ALLOC_SIZE in bytes.
func (d *Device) MaxMemAllocSize() int64 { return d.ulong(C.CL_DEVICE_MAX_MEM_ALLOC_SIZE) }

// MaxConstantBufferSize is CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE in bytes.
func (d *Device) MaxConstantBufferSize() int64 {
	return d.ulong(C.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)
}

// MemBaseAddrAlign is CL_DEVICE_MEM_BASE_ADDR_ALIGN in bits.
func (d *Device) MemBaseAddrAlign() int { return d.uint(C.CL_DEVICE_MEM_BASE_ADDR_ALIGN) }

// Available is CL_DEVICE_AVAILABLE.
func (d *Device) Available() bool { return d.boolean(C.CL_DEVICE_AVAILABLE) }

// CompilerAvailable is CL_DEVICE_COMPILER_AVAILABLE.
func (d *Device) CompilerAvailable() bool { return d.boolean(C.CL_DEVICE_COMPILER_AVAILABLE) }

// ProfilingTimerResolution is CL_DEVICE_PROFILING_TIMER_RESOLUTION in ns.
func (d *Device) ProfilingTimerResolution() int {
	return d.sizeT(C.CL_DEVICE_PROFILING_TIMER_RESOLUTION)
}

// Platform is the platform the device belongs to.
func (d *Device) Platform() *Platform { return d.platform }

// String is the device name, for printing.
func (d *Device) String() string { return d.Name() }
