// Package exe is what fcc-generated executables link: device selection, the
// OpenCL context, buffers and kernel launches, and a command line that
// behaves like that of an executable compiled by the Futhark compiler
// (futhark opencl).
//
// The backend generates a main package that describes its entry points in a
// Program and calls Main. Each entry point's Run function receives a Context
// and its arguments (scalars as Go values, arrays as *DeviceArray already on
// the device), launches kernels through the Context, and returns its results
// the same way; Main does all reading, uploading, timing, downloading and
// printing.
package exe

import (
	"strings"

	"github.com/fcclang/fcc/runtime/cl"
	"github.com/fcclang/fcc/runtime/values"
)

// TypeDesc is the external type of an entry-point parameter or result: an
// element type and a rank (0 for a scalar). Unique marks a consumed
// parameter or a unique result (Futhark's *).
type TypeDesc struct {
	Elem   values.PrimType
	Rank   int
	Unique bool
}

// String writes the type in Futhark notation, e.g. "[][]f32" or "*[]i32".
func (t TypeDesc) String() string {
	var b strings.Builder
	if t.Unique {
		b.WriteByte('*')
	}
	for i := 0; i < t.Rank; i++ {
		b.WriteString("[]")
	}
	b.WriteString(t.Elem.String())
	return b.String()
}

// Matches reports whether v has this element type and rank.
func (t TypeDesc) Matches(v values.Value) bool {
	return v.Type == t.Elem && len(v.Shape) == t.Rank
}

// F16 is an f16 scalar, held as its IEEE binary16 bit pattern. It is a
// distinct type so that an f16 scalar cannot be mistaken for a u16.
type F16 uint16

// Local is a kernel argument for Context.Launch that reserves this many
// bytes of local memory for a __local pointer parameter.
type Local int64

// Buffer is a device buffer. Size is the size that was asked for, which may
// be 0; the OpenCL buffer behind it always has at least one byte because
// OpenCL refuses empty buffers.
type Buffer struct {
	Mem  *cl.MemObject
	Size int64
}

// DeviceArray is an array on the device: a buffer holding the elements,
// their type, and the shape. Without Strides the elements are in
// row-major order from the start of the buffer. With Strides the array is
// a view (an index function): element (i0, i1, ...) is at element offset
// Offset + i0*Strides[0] + i1*Strides[1] + ... of the buffer, so that
// slices, transpositions and replications share the buffer of the array
// they view until a copy is needed. Download needs a manifest
// (row-major) array.
type DeviceArray struct {
	Buf     *Buffer
	Elem    values.PrimType
	Shape   []int64
	Offset  int64
	Strides []int64
}

// Manifest reports whether the array is row-major from the start of its
// buffer, the layout Download and entry-point results need.
func (a *DeviceArray) Manifest() bool {
	if a.Offset != 0 {
		return false
	}
	if a.Strides == nil {
		return true
	}
	// RowMajorStrides, without allocating them.
	k := int64(1)
	for i := len(a.Shape) - 1; i >= 0; i-- {
		if a.Shape[i] > 1 && a.Strides[i] != k {
			return false
		}
		k *= a.Shape[i]
	}
	return true
}

// RowMajorStrides are the strides of a manifest array of the array's
// shape.
func (a *DeviceArray) RowMajorStrides() []int64 {
	st := make([]int64, len(a.Shape))
	k := int64(1)
	for i := len(a.Shape) - 1; i >= 0; i-- {
		st[i] = k
		k *= a.Shape[i]
	}
	return st
}

// Stride returns the stride of dimension i (elements).
func (a *DeviceArray) Stride(i int) int64 {
	if a.Strides != nil {
		return a.Strides[i]
	}
	k := int64(1)
	for _, d := range a.Shape[i+1:] {
		k *= d
	}
	return k
}

// Len is the number of elements (the product of the shape).
func (a *DeviceArray) Len() int64 {
	n := int64(1)
	for _, d := range a.Shape {
		n *= d
	}
	return n
}

// Bytes is the size of the elements in bytes.
func (a *DeviceArray) Bytes() int64 { return a.Len() * int64(a.Elem.Size()) }

// TypeString is the array's type with its shape, e.g. "[2][3]f32".
func (a *DeviceArray) TypeString() string {
	return values.Value{Type: a.Elem, Shape: a.Shape}.TypeString()
}

// EntryPoint describes one entry point of a program. Run gets one argument
// per parameter (a *DeviceArray for an array, a Go scalar for a scalar:
// bool, int8..int64, uint8..uint64, F16, float32, float64) and returns one
// value per result in the same representation. Arrays it returns are owned
// by the caller, which releases them after downloading; returning an input
// array (aliasing) is allowed.
type EntryPoint struct {
	Name    string
	Params  []TypeDesc
	Results []TypeDesc
	Run     func(c *Context, args []any) ([]any, error)
	// ParamValues and ResultValues group Params and Results into the
	// entry point's external values when some are opaque (see ExtValue);
	// nil means one transparent value per parameter or result.
	ParamValues, ResultValues []ExtValue
}

// ExtValue is one external value of an entry point: N consecutive
// parameters or results. Opaque names the type of a value that is not a
// primitive or an array of primitives (a tuple, a record, an array of
// tuples): as in Futhark, an executable cannot read such a value and
// prints it as #<opaque NAME>. Opaque is "" (and N 1) for a transparent
// value.
type ExtValue struct {
	Opaque string
	N      int
}

// opaqueResult says whether result i belongs to an opaque value, its name,
// and whether i is that value's first result.
func (e *EntryPoint) opaqueResult(i int) (name string, first, ok bool) {
	k := 0
	for _, v := range e.ResultValues {
		if i < k+v.N {
			return v.Opaque, i == k, v.Opaque != ""
		}
		k += v.N
	}
	return "", false, false
}

// Param is a tunable parameter of a program (a threshold, group size or tile
// size), listed by --print-params and checked by --param and --tuning.
type Param struct {
	Name    string
	Class   string // "threshold", "group_size", "num_groups", "tile_size", ...
	Default int64  // used when neither --param nor --tuning sets it; 0: the class default
}

// Program is a compiled program: its name, its OpenCL C source, its entry
// points and (optionally) its tunable parameters.
type Program struct {
	Name    string
	OpenCL  string
	Entries []EntryPoint
	Params  []Param
}

// KernelError describes one place in a program's kernels that can fail at
// run time. Kernels report a failure through the context's error buffer
// (see Context.ErrorBuffer) as the index of its KernelError plus one and
// up to MaxErrorArgs i64 values, which fill the %d verbs of Msg (a
// format, in which %% is a percent sign).
type KernelError struct {
	Msg string
}

// Entry returns the entry point named name.
func (p *Program) Entry(name string) (*EntryPoint, bool) {
	for i := range p.Entries {
		if p.Entries[i].Name == name {
			return &p.Entries[i], true
		}
	}
	return nil, false
}
