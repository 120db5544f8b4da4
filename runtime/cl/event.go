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
	"runtime"
	"unsafe"
)

// Event is an OpenCL event, returned by every Enqueue method.
type Event struct {
	ev C.cl_event
}

// newEvent wraps ev. A finalizer releases events the caller drops, because
// generated code often ignores the event of a command it does not wait on;
// Release frees it sooner.
func newEvent(ev C.cl_event) *Event {
	e := &Event{ev: ev}
	runtime.SetFinalizer(e, (*Event).Release)
	return e
}

// Release releases the event; releasing twice is harmless.
func (e *Event) Release() {
	if e != nil && e.ev != nil {
		C.clReleaseEvent(e.ev)
		e.ev = nil
		runtime.SetFinalizer(e, nil)
	}
}

// Wait blocks until the event's command has completed. A command that failed
// on the device reports its (negative) execution status as the error.
func (e *Event) Wait() error {
	return WaitForEvents([]*Event{e})
}

// WaitForEvents blocks until all the events' commands have completed.
func WaitForEvents(events []*Event) error {
	n, list := eventList(events)
	if n == 0 {
		return nil
	}
	err := toError("clWaitForEvents", C.clWaitForEvents(n, list))
	runtime.KeepAlive(events)
	return err
}

// ProfilingInfo names a profiling counter of an event.
type ProfilingInfo int

// Profiling counters (nanoseconds on the device's clock). They are only
// available for queues created with CommandQueueProfilingEnable, once the
// command has completed.
const (
	ProfilingInfoCommandQueued ProfilingInfo = C.CL_PROFILING_COMMAND_QUEUED
	ProfilingInfoCommandSubmit ProfilingInfo = C.CL_PROFILING_COMMAND_SUBMIT
	ProfilingInfoCommandStart  ProfilingInfo = C.CL_PROFILING_COMMAND_START
	ProfilingInfoCommandEnd    ProfilingInfo = C.CL_PROFILING_COMMAND_END
)

// GetEventProfilingInfo reads one profiling counter, in nanoseconds.
func (e *Event) GetEventProfilingInfo(param ProfilingInfo) (int64, error) {
	var v C.cl_ulong
	code := C.clGetEventProfilingInfo(e.ev, C.cl_profiling_info(param), C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v), nil)
	runtime.KeepAlive(e)
	if err := toError("clGetEventProfilingInfo", code); err != nil {
		return 0, err
	}
	return int64(v), nil
}

// Times reads all four profiling counters (queued <= submit <= start <= end,
// nanoseconds). The event must have completed.
func (e *Event) Times() (queued, submit, start, end uint64, err error) {
	var v [4]int64
	for i, p := range []ProfilingInfo{ProfilingInfoCommandQueued, ProfilingInfoCommandSubmit, ProfilingInfoCommandStart, ProfilingInfoCommandEnd} {
		if v[i], err = e.GetEventProfilingInfo(p); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	return uint64(v[0]), uint64(v[1]), uint64(v[2]), uint64(v[3]), nil
}

// Duration is end minus start of a completed command, in nanoseconds.
func (e *Event) Duration() (int64, error) {
	_, _, start, end, err := e.Times()
	return int64(end - start), err
}
