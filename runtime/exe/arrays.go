package exe

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Array operations of generated host code. Views (slices, rearranges) only
// compute a new index function; the others launch the generic kernels
// every generated program carries (see CopyKernel and IotaKernel for
// their names), so the same code serves every element type and rank.

// CopyKernel is the name of the generated kernel that copies a strided
// array of elem and rank into another.
func CopyKernel(elem values.PrimType, rank int) string {
	if int(elem) <= int(values.F64) && rank >= 1 && rank <= len(copyKernelNames[0]) {
		return copyKernelNames[elem][rank-1]
	}
	return fmt.Sprintf("fcc_copy_%s_%d", elem, rank)
}

// copyKernelNames and transposeKernelNames are the names of the common
// kernels, made once rather than at every copy.
var copyKernelNames, transposeKernelNames = func() (copies [values.F64 + 1][8]string, transposes [values.F64 + 1]string) {
	for t := range copies {
		for r := range copies[t] {
			copies[t][r] = fmt.Sprintf("fcc_copy_%s_%d", values.PrimType(t), r+1)
		}
		transposes[t] = "fcc_transpose_" + values.PrimType(t).String()
	}
	return copies, transposes
}()

// TransposeKernel is the name of the generated kernel that copies a
// transposed two-dimensional view of elem through local-memory tiles;
// programs without two-dimensional arrays of elem lack it, and copies
// then use CopyKernel.
func TransposeKernel(elem values.PrimType) string {
	if int(elem) < len(transposeKernelNames) {
		return transposeKernelNames[elem]
	}
	return "fcc_transpose_" + elem.String()
}

// IotaKernel is the name of the generated kernel that fills an array of
// the integer type elem with an arithmetic sequence.
func IotaKernel(elem values.PrimType) string { return "fcc_iota_" + elem.String() }

// DimIndex is one dimension of a slice: a fixed index when Fix is set,
// otherwise N elements from Start, Stride apart (Stride may be negative).
type DimIndex struct {
	Fix              bool
	Start, N, Stride int64
}

func shapeText(shape []int64) string {
	var b strings.Builder
	for _, d := range shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

// sliceText writes a slice as the interpreter's messages do.
func sliceText(sl []DimIndex) string {
	s := make([]string, len(sl))
	for k, d := range sl {
		switch {
		case d.Fix:
			s[k] = fmt.Sprint(d.Start)
		case d.Stride == 1:
			s[k] = fmt.Sprintf("%d:%d", d.Start, d.Start+d.N)
		default:
			s[k] = fmt.Sprintf("%d:%d:%d", d.Start, d.Start+d.N*d.Stride, d.Stride)
		}
	}
	return strings.Join(s, ", ")
}

// Slice returns the view of a selected by sl (fixed dimensions removed),
// or the interpreter's error (prefixed with pos) when it leaves a.
func Slice(a *DeviceArray, sl []DimIndex, pos string) (*DeviceArray, error) {
	ok := len(sl) <= len(a.Shape)
	for k, d := range sl {
		if !ok {
			break
		}
		if d.Fix {
			ok = d.Start >= 0 && d.Start < a.Shape[k]
			continue
		}
		last := d.Start + (d.N-1)*d.Stride
		switch {
		case d.N < 0:
			ok = false
		case d.N == 0:
		case d.Start < 0 || d.Start >= a.Shape[k] || last < 0 || last >= a.Shape[k]:
			ok = false
		}
	}
	if !ok {
		return nil, fmt.Errorf("%s: Index [%s] out of bounds for array of shape %s.", pos, sliceText(sl), shapeText(a.Shape))
	}
	v := &DeviceArray{Buf: a.Buf, Elem: a.Elem, Offset: a.Offset}
	for k, d := range sl {
		st := a.Stride(k)
		v.Offset += d.Start * st
		if !d.Fix {
			v.Shape = append(v.Shape, d.N)
			v.Strides = append(v.Strides, d.Stride*st)
		}
	}
	for k := len(sl); k < len(a.Shape); k++ {
		v.Shape = append(v.Shape, a.Shape[k])
		v.Strides = append(v.Strides, a.Stride(k))
	}
	if v.Shape == nil {
		v.Shape = []int64{}
	}
	return v, nil
}

// Rearrange returns the view of a whose dimension i is a's dimension
// perm[i].
func Rearrange(a *DeviceArray, perm []int) *DeviceArray {
	v := &DeviceArray{Buf: a.Buf, Elem: a.Elem, Offset: a.Offset, Shape: make([]int64, len(perm)), Strides: make([]int64, len(perm))}
	for i, k := range perm {
		v.Shape[i] = a.Shape[k]
		v.Strides[i] = a.Stride(k)
	}
	return v
}

// CopyInto copies the elements of src into dst, views of the same shape
// (the caller checks the shapes).
func (c *Context) CopyInto(dst, src *DeviceArray) error {
	if dst.Elem != src.Elem || len(dst.Shape) != len(src.Shape) {
		return fmt.Errorf("internal error: copy of %s into %s", src.TypeString(), dst.TypeString())
	}
	n := src.Len()
	if n == 0 {
		return nil
	}
	rank := len(src.Shape)
	if dst.Manifest() && src.Manifest() {
		sz := int64(src.Elem.Size())
		return c.Copy(dst.Buf, dst.Offset*sz, src.Buf, src.Offset*sz, n*sz)
	}
	if rank == 2 && src.Stride(0) == 1 && src.Stride(1) != 1 && dst.Stride(1) == 1 && c.deviceMaxGroup() >= 256 {
		if c.hasKernel(TransposeKernel(src.Elem)) {
			n0, n1 := src.Shape[0], src.Shape[1]
			return c.LaunchArgs(TransposeKernel(src.Elem), []int64{(n0 + 31) / 32 * 32, (n1 + 31) / 32 * 8}, []int64{32, 8},
				A(dst.Buf), A(dst.Offset), A(dst.Stride(0)), A(dst.Stride(1)), A(src.Buf), A(src.Offset), A(src.Stride(0)), A(src.Stride(1)), A(n0), A(n1))
		}
	}
	// The arguments in an array on the stack (a host loop may copy at
	// every iteration): 3 per dimension and 5 more.
	var argv [32]Arg
	args := append(argv[:0], A(dst.Buf), A(dst.Offset))
	for k := 0; k < rank; k++ {
		args = append(args, A(dst.Stride(k)))
	}
	args = append(args, A(src.Buf), A(src.Offset))
	for k := 0; k < rank; k++ {
		args = append(args, A(src.Stride(k)))
	}
	for k := 0; k < rank; k++ {
		args = append(args, A(src.Shape[k]))
	}
	args = append(args, A(n))
	group := c.DefaultGroupSize()
	return c.LaunchArgs(CopyKernel(src.Elem, rank), []int64{(n + group - 1) / group * group}, []int64{group}, args...)
}

// CopyArray returns a fresh manifest copy of a.
func (c *Context) CopyArray(a *DeviceArray) (*DeviceArray, error) {
	out, err := c.NewArray(a.Elem, a.Shape)
	if err != nil {
		return nil, err
	}
	if err := c.CopyInto(out, a); err != nil {
		return nil, err
	}
	return out, nil
}

// Manifest returns a when it is manifest and a manifest copy otherwise.
func (c *Context) Manifest(a *DeviceArray) (*DeviceArray, error) {
	if a.Manifest() {
		if a.Strides == nil {
			return a, nil
		}
		return &DeviceArray{Buf: a.Buf, Elem: a.Elem, Shape: a.Shape}, nil
	}
	return c.CopyArray(a)
}

// Reshape gives a the shape shape, copying a first when it is not
// manifest; pos prefixes the interpreter's error for a wrong element count.
func (c *Context) Reshape(a *DeviceArray, shape []int64, pos string) (*DeviceArray, error) {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("%s: reshape: negative size %d", pos, d)
		}
		n *= d
	}
	if n != a.Len() {
		return nil, fmt.Errorf("%s: cannot reshape array of shape %s to shape %s", pos, shapeText(a.Shape), shapeText(shape))
	}
	if sameDims(shape, a.Shape) {
		// A size coercion: the same view, whatever its layout.
		return &DeviceArray{Buf: a.Buf, Elem: a.Elem, Shape: append([]int64{}, shape...), Offset: a.Offset, Strides: a.Strides}, nil
	}
	m, err := c.Manifest(a)
	if err != nil {
		return nil, err
	}
	return &DeviceArray{Buf: m.Buf, Elem: m.Elem, Shape: append([]int64{}, shape...)}, nil
}

// Concat concatenates arrays along their outer dimension into a new array
// of w rows, with the interpreter's errors.
func (c *Context) Concat(arrs []*DeviceArray, w int64, pos string) (*DeviceArray, error) {
	total := int64(0)
	for _, a := range arrs {
		if a.Elem != arrs[0].Elem || len(a.Shape) != len(arrs[0].Shape) || shapeText(a.Shape[1:]) != shapeText(arrs[0].Shape[1:]) {
			return nil, fmt.Errorf("%s: concat: arrays of shapes %s and %s", pos, shapeText(arrs[0].Shape), shapeText(a.Shape))
		}
		total += a.Shape[0]
	}
	if total != w {
		return nil, fmt.Errorf("%s: concat: result has %d rows, expected %d", pos, total, w)
	}
	out, err := c.NewArray(arrs[0].Elem, append([]int64{w}, arrs[0].Shape[1:]...))
	if err != nil {
		return nil, err
	}
	row := int64(0)
	for _, a := range arrs {
		dst, err := Slice(out, []DimIndex{{Start: row, N: a.Shape[0], Stride: 1}}, pos)
		if err != nil {
			return nil, err
		}
		if err := c.CopyInto(dst, a); err != nil {
			return nil, err
		}
		row += a.Shape[0]
	}
	return out, nil
}

// Iota returns the array [start, start+step, ...] of n elements of the
// integer type elem (start and step are the Go values of that type).
func (c *Context) Iota(elem values.PrimType, n int64, start, step any) (*DeviceArray, error) {
	if n < 0 {
		return nil, fmt.Errorf("iota: negative size %d", n)
	}
	out, err := c.NewArray(elem, []int64{n})
	if err != nil {
		return nil, err
	}
	group := c.DefaultGroupSize()
	return out, c.Launch(IotaKernel(elem), []int64{(n + group - 1) / group * group}, []int64{group}, out.Buf, n, start, step)
}

// ReplicateScalar returns an array of shape shape whose elements are x (a
// Go scalar of type elem).
func (c *Context) ReplicateScalar(elem values.PrimType, shape []int64, x any) (*DeviceArray, error) {
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("replicate: negative size %d", d)
		}
	}
	out, err := c.NewArray(elem, shape)
	if err != nil {
		return nil, err
	}
	pat, err := scalarBytes(x)
	if err != nil {
		return nil, err
	}
	return out, c.Fill(out.Buf, pat, 0, out.Bytes())
}

// Replicate returns an array of shape shape ++ x's shape whose rows are
// copies of x: a copy from a view of x with stride 0 in the new
// dimensions.
func (c *Context) Replicate(shape []int64, x *DeviceArray) (*DeviceArray, error) {
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("replicate: negative size %d", d)
		}
	}
	out, err := c.NewArray(x.Elem, append(append([]int64{}, shape...), x.Shape...))
	if err != nil {
		return nil, err
	}
	v := &DeviceArray{Buf: x.Buf, Elem: x.Elem, Offset: x.Offset, Shape: out.Shape, Strides: make([]int64, len(out.Shape))}
	for k := range x.Shape {
		v.Strides[len(shape)+k] = x.Stride(k)
	}
	return out, c.CopyInto(out, v)
}

// FromHost uploads a host value (an array literal's elements).
func (c *Context) FromHost(v values.Value) (*DeviceArray, error) { return c.Upload(v) }

// ReadElem reads the element of a (a view) at the given indices, which
// the caller has checked.
func (c *Context) ReadElem(a *DeviceArray, idx ...int64) (any, error) {
	off := a.Offset
	for k, i := range idx {
		off += i * a.Stride(k)
	}
	return c.ReadScalar(a.Buf, a.Elem, off)
}

// WriteElem writes x at the given indices of a (a view).
func (c *Context) WriteElem(a *DeviceArray, x any, idx ...int64) error {
	off := a.Offset
	for k, i := range idx {
		off += i * a.Stride(k)
	}
	return c.WriteScalar(a.Buf, off, x)
}

// Consume returns the array an operation that consumes a (scatter, a
// histogram) may update in place: a itself when it is row-major from the
// start of its buffer and none of reads (the operation's other array
// operands) shares that buffer; otherwise a fresh copy. The language's
// uniqueness rules make a dead after the operation, so writing into it
// saves a copy of the whole array, which in a host loop is one per
// iteration.
func (c *Context) Consume(a *DeviceArray, reads ...*DeviceArray) (*DeviceArray, error) {
	inPlace := a.Manifest() && a.Buf != nil && a.Buf.Mem != nil
	for _, r := range reads {
		if r != nil && r.Buf == a.Buf {
			inPlace = false
		}
	}
	if !inPlace {
		c.calls.Copied++
		return c.CopyArray(a)
	}
	c.calls.InPlace++
	return &DeviceArray{Buf: a.Buf, Elem: a.Elem, Shape: a.Shape}, nil
}

// sameDims reports whether two shapes are equal.
func sameDims(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// MaxSize reads the i64 array a (the sizes a pre-pass kernel computed,
// one per work-item) back to the host and returns its largest element,
// at least 0, which the host allocates the kernel's arrays at.
func (c *Context) MaxSize(a *DeviceArray) (int64, error) {
	v, err := c.Download(a)
	if err != nil {
		return 0, err
	}
	xs, ok := v.Data.([]int64)
	if !ok {
		return 0, fmt.Errorf("sizes of type %s, not i64", v.Type)
	}
	m := int64(0)
	for _, x := range xs {
		m = max(m, x)
	}
	return m, nil
}
