package exe

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/fcclang/fcc/runtime/cl"
	"github.com/fcclang/fcc/runtime/values"
)

// Run-time errors inside kernels.
//
// A kernel that can fail (an index out of bounds, a division by zero, a
// failed assertion, a size mismatch) takes the context's error buffer as
// an argument. The buffer holds 1+MaxErrorArgs i64 values: the first
// holds the error code (the index of the failing site's KernelError plus
// one, 0 for none) in its low 32 bits, and the rest the failing values.
// The first failure wins: a work-item claims the buffer by
// atomic_cmpxchg of the code from 0 and only then writes the values, so
// a report is never a mix of two failures. Work-items keep running after
// a failure with a harmless value in place of the failed operation (no
// control flow changes, so barriers stay uniform); the host checks the
// buffer before it uses device data for a decision and before an entry
// point's results are used (see DeferKernelErrorCheck for how without
// an extra synchronisation), and reports the first failure only.

// MaxErrorArgs is the number of i64 values a kernel error carries.
const MaxErrorArgs = 16

// errorBufferBytes is the size of the error buffer.
const errorBufferBytes = 8 * (1 + MaxErrorArgs)

// ErrorBuffer returns the buffer kernels report failures in, allocating
// and clearing it on first use. It lives as long as the context and does
// not count towards MemoryUsage.
func (c *Context) ErrorBuffer() (*Buffer, error) {
	if c.errBuf != nil {
		return c.errBuf, nil
	}
	m, err := c.ctx.CreateEmptyBuffer(cl.MemReadWrite, errorBufferBytes)
	if err != nil {
		return nil, fmt.Errorf("allocating the error buffer: %w", err)
	}
	b := &Buffer{Mem: m, Size: errorBufferBytes}
	if err := c.Fill(b, make([]byte, 8), 0, errorBufferBytes); err != nil {
		m.Release()
		return nil, err
	}
	// The host copy that non-blocking reads of the buffer land in, in
	// pinned memory: the driver writes it after clEnqueueReadBuffer has
	// returned, so it must not move, and NVIDIA's driver completes reads
	// into pinned memory tens of microseconds sooner (see stage.go).
	if _, err := c.hostStage(); err != nil {
		m.Release()
		return nil, err
	}
	c.errBuf = b
	c.errHost = c.stageBytesAt(stageErrOffset, errorBufferBytes)
	return b, nil
}

// Checking kernel errors without waiting.
//
// Reading the error buffer with a blocking read after every entry point
// costs a round trip to the device (tens of microseconds on a discrete
// GPU, more than a small kernel), and a reduction whose result the host
// reads would pay two (the check, then the value). So the check is
// split: DeferKernelErrorCheck enqueues a non-blocking read of the buffer
// into pinned host memory, and the next synchronisation that the host
// does anyway (Finish, a blocking read of a scalar or an array, a
// blocking CheckKernelErrors) completes it, in queue order, and reports a
// failure found there before anything read by it is used. An entry point
// thus costs one synchronisation: the Finish that ends its timed run, or
// the read of its scalar result. A read is enqueued only when a kernel
// that may fail (one that takes the error buffer) was launched since the
// last read: Launch sets errDirty.

// DeferKernelErrorCheck enqueues a non-blocking read of the error buffer,
// if a kernel that may fail ran since the last one; the next Finish or
// blocking read reports what it finds (see above).
func (c *Context) DeferKernelErrorCheck(sites []KernelError) error {
	if c.errBuf == nil || !c.errDirty {
		return nil
	}
	c.tracef("read error buffer (non-blocking)")
	c.idle = false
	c.calls.Read++
	ev, err := c.queue.EnqueueReadBuffer(c.errBuf.Mem, false, 0, unsafe.Pointer(&c.errHost[0]), errorBufferBytes, nil)
	if err != nil {
		return fmt.Errorf("reading the error buffer: %w", err)
	}
	if c.errEv != nil {
		c.errEv.Release()
	}
	c.errEv, c.errSites, c.errDirty = ev, sites, false
	return nil
}

// takeKernelError decodes the pending read of the error buffer, which
// the caller knows to be complete (it synchronised with the queue after
// enqueuing it), and returns the failure it holds, or nil.
func (c *Context) takeKernelError() error {
	if c.errEv == nil {
		return nil
	}
	c.errEv.Release()
	c.errEv = nil
	return c.decodeKernelError(c.errHost, c.errSites)
}

// CheckKernelErrors waits for the queued kernels and returns the first
// failure they reported, formatted with sites (the program's table of
// failing sites), or nil. The buffer is cleared again after a failure so
// that a later run starts clean. It returns at once when no kernel that
// may fail ran since the last check.
func (c *Context) CheckKernelErrors(sites []KernelError) error {
	if err := c.DeferKernelErrorCheck(sites); err != nil {
		return err
	}
	if c.errEv == nil {
		return nil
	}
	if err := c.errEv.Wait(); err != nil {
		return fmt.Errorf("reading the error buffer: %w", err)
	}
	return c.takeKernelError()
}

// ReadScalarChecked is ReadScalar after DeferKernelErrorCheck: the value
// and the kernels' failures in one synchronisation, the failure winning.
func (c *Context) ReadScalarChecked(buf *Buffer, elem values.PrimType, index int64, sites []KernelError) (any, error) {
	if err := c.DeferKernelErrorCheck(sites); err != nil {
		return nil, err
	}
	return c.ReadScalar(buf, elem, index)
}

// decodeKernelError formats the failure recorded in raw (a copy of the
// error buffer), clearing the buffer on the device when there is one.
func (c *Context) decodeKernelError(raw []byte, sites []KernelError) error {
	code := int64(int32(binary.LittleEndian.Uint32(raw)))
	if code == 0 {
		return nil
	}
	if err := c.Fill(c.errBuf, make([]byte, 8), 0, errorBufferBytes); err != nil {
		return err
	}
	args := make([]any, MaxErrorArgs)
	for i := range args {
		args[i] = int64(binary.LittleEndian.Uint64(raw[8*(i+1):]))
	}
	if code < 1 || code > int64(len(sites)) {
		return fmt.Errorf("internal error: a kernel reported unknown error %d", code)
	}
	msg := sites[code-1].Msg
	return &kernelFailure{fmt.Sprintf(msg, args[:min(values.FormatVerbs(msg), len(args))]...)}
}

// kernelFailure is the error of a failed kernel, as its site reported it.
type kernelFailure struct{ msg string }

func (e *kernelFailure) Error() string { return e.msg }

// kernelsThatCannotFail returns the kernels of an OpenCL program that
// never write the error buffer: those whose text names fcc_err only in
// its parameter list, which the backend starts with the error buffer
// "__global long *fcc_err". Launching them leaves no error to check,
// which saves the read of the error buffer (a round trip of tens of
// microseconds on NVIDIA's OpenCL) in entry points whose kernels cannot
// fail. Any other kernel (hand-written ones of --load-opencl included)
// counts as able to fail.
func kernelsThatCannotFail(source string) map[string]bool {
	safe := map[string]bool{}
	parts := strings.Split(source, "__kernel ")
	for _, p := range parts[1:] {
		// Attributes may stand between __kernel and void.
		v := strings.Index(p, "void ")
		end := strings.IndexByte(p, '(')
		for v >= 0 && end >= 0 && end < v {
			// The parenthesis of an attribute: look past it.
			next := strings.IndexByte(p[v:], '(')
			if next < 0 {
				end = -1
				break
			}
			end = v + next
		}
		if v < 0 || end <= v {
			continue
		}
		name := strings.TrimSpace(p[v+len("void ") : end])
		params := strings.TrimSpace(p[end+1:])
		if strings.HasPrefix(params, "__global long *fcc_err") && strings.Count(p, "fcc_err") == 1 {
			safe[name] = true
		}
	}
	return safe
}

// SyncBuffer returns a buffer of at least words 64-bit words, all zero,
// for kernels whose work-groups communicate: the counters and tagged
// partial results of single-pass reductions (backend/segred.go). It lives
// as long as the context and does not count towards MemoryUsage, so that
// it is zeroed once rather than before every launch (a fill is a command
// of its own, which costs as much as a small kernel); every kernel that
// uses it leaves it zero again when it ends.
func (c *Context) SyncBuffer(words int64) (*Buffer, error) {
	bytes := 8 * max(words, 1)
	if c.syncBuf != nil && c.syncBuf.Size >= bytes {
		return c.syncBuf, nil
	}
	if c.syncBuf != nil {
		c.syncBuf.Mem.Release()
		c.syncBuf = nil
	}
	bytes = max(bytes, 64<<10)
	m, err := c.ctx.CreateEmptyBuffer(cl.MemReadWrite, int(bytes))
	if err != nil {
		return nil, fmt.Errorf("allocating %d bytes for work-group synchronisation: %w", bytes, err)
	}
	b := &Buffer{Mem: m, Size: bytes}
	if err := c.Fill(b, make([]byte, 8), 0, bytes); err != nil {
		m.Release()
		return nil, err
	}
	c.syncBuf = b
	return b, nil
}

// ScanStatus returns the buffer of at least words 64-bit words in which
// the single-pass scans (backend/segscan.go) count their tiles and
// publish their tiles' values, and the tag that this launch's words
// carry. Word 0, the tile counter, is zero between launches (the scan's
// last work-group zeroes it); the other words keep what earlier launches
// wrote, tagged with earlier tags, which the launch reads as unwritten.
// So the buffer is zeroed only when it is created and when the tags wrap
// around, rather than before every launch (a fill costs some 20 us on
// NVIDIA's driver, 6% of a scan of 10^8 elements).
func (c *Context) ScanStatus(words int64) (*Buffer, uint32, error) {
	bytes := 8 * max(words, 1)
	if c.scanStatus != nil && c.scanStatus.Size < bytes {
		c.scanStatus.Mem.Release()
		c.scanStatus = nil
	}
	if c.scanStatus == nil {
		bytes = max(bytes, 64<<10)
		m, err := c.ctx.CreateEmptyBuffer(cl.MemReadWrite, int(bytes))
		if err != nil {
			return nil, 0, fmt.Errorf("allocating %d bytes for a scan's tile status: %w", bytes, err)
		}
		c.scanStatus = &Buffer{Mem: m, Size: bytes}
		c.scanTag = 0
	}
	if c.scanTag == 0 || c.scanTag == math.MaxUint32 {
		if err := c.Fill(c.scanStatus, make([]byte, 8), 0, c.scanStatus.Size); err != nil {
			return nil, 0, err
		}
		c.scanTag = 0
	}
	c.scanTag++
	return c.scanStatus, c.scanTag, nil
}
