package exe

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/cl"
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
// buffer (CheckKernelErrors) before it reads device data for a decision
// and before an entry point returns, and reports the first failure only.

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
	c.errBuf = b
	return b, nil
}

// CheckKernelErrors waits for the queued kernels and returns the first
// failure they reported, formatted with sites (the program's table of
// failing sites), or nil. The buffer is cleared again after a failure so
// that a later run starts clean.
func (c *Context) CheckKernelErrors(sites []KernelError) error {
	if c.errBuf == nil {
		return nil
	}
	raw := make([]byte, errorBufferBytes)
	if err := c.queue.EnqueueReadBufferBytes(c.errBuf.Mem, 0, raw); err != nil {
		return fmt.Errorf("reading the error buffer: %w", err)
	}
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
	return fmt.Errorf("%s", fmt.Sprintf(msg, args[:strings.Count(msg, "%d")]...))
}
