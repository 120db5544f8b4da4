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
	"strings"
	"unsafe"
)

// DeviceType is a bit set of OpenCL device types.
type DeviceType uint

// Device types for Platform.GetDevices.
const (
	DeviceTypeDefault     DeviceType = C.CL_DEVICE_TYPE_DEFAULT
	DeviceTypeCPU         DeviceType = C.CL_DEVICE_TYPE_CPU
	DeviceTypeGPU         DeviceType = C.CL_DEVICE_TYPE_GPU
	DeviceTypeAccelerator DeviceType = C.CL_DEVICE_TYPE_ACCELERATOR
	DeviceTypeAll         DeviceType = C.CL_DEVICE_TYPE_ALL
)

// String names the set types, e.g. "GPU" or "CPU|Default".
func (t DeviceType) String() string {
	var parts []string
	for _, x := range []struct {
		t DeviceType
		n string
	}{{DeviceTypeCPU, "CPU"}, {DeviceTypeGPU, "GPU"}, {DeviceTypeAccelerator, "Accelerator"}, {DeviceTypeDefault, "Default"}} {
		if t&x.t != 0 {
			parts = append(parts, x.n)
		}
	}
	if len(parts) == 0 {
		return "Unknown"
	}
	return strings.Join(parts, "|")
}

// Platform is an OpenCL platform (an installed driver).
type Platform struct {
	id C.cl_platform_id
}

// GetPlatforms lists the installed OpenCL platforms. With no platform
// installed the ICD loader reports CL_PLATFORM_NOT_FOUND_KHR, returned as an
// error.
func GetPlatforms() ([]*Platform, error) {
	var n C.cl_uint
	if err := toError("clGetPlatformIDs", C.clGetPlatformIDs(0, nil, &n)); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.cl_platform_id, n)
	if err := toError("clGetPlatformIDs", C.clGetPlatformIDs(n, &ids[0], nil)); err != nil {
		return nil, err
	}
	out := make([]*Platform, n)
	for i, id := range ids {
		out[i] = &Platform{id: id}
	}
	return out, nil
}

func (p *Platform) info(param C.cl_platform_info) string {
	return infoString(func(size C.size_t, ptr unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetPlatformInfo(p.id, param, size, ptr, ret)
	})
}

// Name is CL_PLATFORM_NAME.
func (p *Platform) Name() string { return p.info(C.CL_PLATFORM_NAME) }

// Vendor is CL_PLATFORM_VENDOR.
func (p *Platform) Vendor() string { return p.info(C.CL_PLATFORM_VENDOR) }

// Version is CL_PLATFORM_VERSION.
func (p *Platform) Version() string { return p.info(C.CL_PLATFORM_VERSION) }

// Profile is CL_PLATFORM_PROFILE.
func (p *Platform) Profile() string { return p.info(C.CL_PLATFORM_PROFILE) }

// Extensions is CL_PLATFORM_EXTENSIONS.
func (p *Platform) Extensions() string { return p.info(C.CL_PLATFORM_EXTENSIONS) }

// GetDevices lists the platform's devices of the given types. A platform with
// no device of those types yields an empty list, not an error.
func (p *Platform) GetDevices(t DeviceType) ([]*Device, error) {
	var n C.cl_uint
	code := C.clGetDeviceIDs(p.id, C.cl_device_type(t), 0, nil, &n)
	if code == C.CL_DEVICE_NOT_FOUND {
		return nil, nil
	}
	if err := toError("clGetDeviceIDs", code); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.cl_device_id, n)
	if err := toError("clGetDeviceIDs", C.clGetDeviceIDs(p.id, C.cl_device_type(t), n, &ids[0], nil)); err != nil {
		return nil, err
	}
	out := make([]*Device, n)
	for i, id := range ids {
		out[i] = &Device{id: id, platform: p}
	}
	return out, nil
}
