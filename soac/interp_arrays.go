package soac

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// The interpretation of slices, updates, rearrange, reshape and concat.

type cdim struct {
	fix              bool
	i                operand
	start, n, stride operand
}

func (c *compiler) slice(sl []DimIndex) []cdim {
	out := make([]cdim, len(sl))
	for k, d := range sl {
		if d.Fix != nil {
			out[k] = cdim{fix: true, i: c.op(d.Fix)}
		} else {
			out[k] = cdim{start: c.op(d.Start), n: c.op(d.N), stride: c.op(d.Stride)}
		}
	}
	return out
}

// evalDim is one evaluated dimension of a slice.
type evalDim struct {
	fix              bool
	start, n, stride int64
}

// evalSlice evaluates a slice against an array of the given shape and
// checks it: a fixed index must be in bounds, and a range is valid when
// every index it denotes is in bounds (so an empty range is always valid).
func (in *Interpreter) evalSlice(shape []int64, sl []cdim, pos Pos) ([]evalDim, error) {
	ds := make([]evalDim, len(sl))
	ok := len(sl) <= len(shape)
	for k, d := range sl {
		if d.fix {
			ds[k] = evalDim{fix: true, start: in.size(d.i), n: 1}
		} else {
			ds[k] = evalDim{start: in.size(d.start), n: in.size(d.n), stride: in.size(d.stride)}
		}
		if !ok {
			continue
		}
		e := ds[k]
		last := e.start + (e.n-1)*e.stride
		switch {
		case e.n < 0:
			ok = false
		case e.n == 0:
		case e.start < 0 || e.start >= shape[k] || last < 0 || last >= shape[k]:
			ok = false
		}
	}
	if !ok {
		return nil, rtErr(pos, "Index [%s] out of bounds for array of shape %s.", sliceText(ds), shapeString(shape))
	}
	return ds, nil
}

// sliceText writes an evaluated slice as Futhark source would: i for a
// fixed index, start:end for a unit stride and start:end:stride otherwise.
func sliceText(ds []evalDim) string {
	s := make([]string, len(ds))
	for k, d := range ds {
		switch {
		case d.fix:
			s[k] = fmt.Sprint(d.start)
		case d.stride == 1:
			s[k] = fmt.Sprintf("%d:%d", d.start, d.start+d.n)
		default:
			s[k] = fmt.Sprintf("%d:%d:%d", d.start, d.start+d.n*d.stride, d.stride)
		}
	}
	return strings.Join(s, ", ")
}

// forSlice calls f with the flat element offset in the array of each
// block selected by a slice (a block being the dimensions after the
// slice's), in row-major order of the result.
func forSlice(shape []int64, ds []evalDim, f func(off int64)) {
	strides := make([]int64, len(shape))
	st := int64(1)
	for k := len(shape) - 1; k >= 0; k-- {
		strides[k] = st
		st *= shape[k]
	}
	var rec func(k int, off int64)
	rec = func(k int, off int64) {
		if k == len(ds) {
			f(off)
			return
		}
		d := ds[k]
		for j := int64(0); j < d.n; j++ {
			rec(k+1, off+(d.start+j*d.stride)*strides[k])
		}
	}
	rec(0, 0)
}

func sliceShape(shape []int64, ds []evalDim) (out []int64, block int64) {
	for _, d := range ds {
		if !d.fix {
			out = append(out, d.n)
		}
	}
	block = 1
	for _, d := range shape[len(ds):] {
		block *= d
	}
	return append(out, shape[len(ds):]...), block
}

func (in *Interpreter) sliceValue(v Value, sl []cdim, pos Pos) (Value, error) {
	if v.Arr == nil {
		return Value{}, rtErr(pos, "slice of a scalar")
	}
	a := v.Arr
	ds, err := in.evalSlice(a.Shape, sl, pos)
	if err != nil {
		return Value{}, err
	}
	shape, block := sliceShape(a.Shape, ds)
	if len(shape) == 0 {
		// Every dimension fixed: a scalar.
		var p PrimValue
		forSlice(a.Shape, ds, func(off int64) { p = elemAt(*a, off) })
		return PrimVal(p), nil
	}
	out := values.NewArray(a.Type, shape)
	pos2 := int64(0)
	forSlice(a.Shape, ds, func(off int64) {
		copyData(out, pos2, values.Value{Data: sliceData(a.Data, off, off+block)})
		pos2 += block
	})
	return ArrVal(out), nil
}

func (in *Interpreter) update(v Value, sl []cdim, x Value, pos Pos) (Value, error) {
	if v.Arr == nil {
		return Value{}, rtErr(pos, "update of a scalar")
	}
	ds, err := in.evalSlice(v.Arr.Shape, sl, pos)
	if err != nil {
		return Value{}, err
	}
	shape, block := sliceShape(v.Arr.Shape, ds)
	if !sameShape(shape, shapeOf(x)) {
		return Value{}, rtErr(pos, "update: value of shape %s does not fit the slice [%s] of shape %s", shapeString(shapeOf(x)), sliceText(ds), shapeString(shape))
	}
	out := copyValue(v)
	a := out.Arr
	if x.Arr == nil {
		forSlice(a.Shape, ds, func(off int64) { setElem(*a, off, x.Prim) })
		return out, nil
	}
	src := int64(0)
	forSlice(a.Shape, ds, func(off int64) {
		copyData(*a, off, values.Value{Data: sliceData(x.Arr.Data, src, src+block)})
		src += block
	})
	return out, nil
}

// rearrange permutes the dimensions of an array: dimension i of the result
// is dimension perm[i] of v.
func rearrange(v Value, perm []int, pos Pos) (Value, error) {
	if v.Arr == nil || len(v.Arr.Shape) != len(perm) {
		return Value{}, rtErr(pos, "rearrange: permutation %v for an array of shape %s", perm, shapeString(shapeOf(v)))
	}
	a := v.Arr
	r := len(perm)
	strides := make([]int64, r)
	st := int64(1)
	for k := r - 1; k >= 0; k-- {
		strides[k] = st
		st *= a.Shape[k]
	}
	shape := make([]int64, r)
	srcStride := make([]int64, r)
	for i, k := range perm {
		shape[i] = a.Shape[k]
		srcStride[i] = strides[k]
	}
	out := values.NewArray(a.Type, shape)
	idx := make([]int64, r)
	src := int64(0)
	for flat := int64(0); flat < st; flat++ {
		setElem(out, flat, elemAt(*a, src))
		for k := r - 1; k >= 0; k-- {
			idx[k]++
			src += srcStride[k]
			if idx[k] < shape[k] {
				break
			}
			src -= idx[k] * srcStride[k]
			idx[k] = 0
		}
	}
	return ArrVal(out), nil
}

func (in *Interpreter) reshape(v Value, shapeOps []operand, pos Pos) (Value, error) {
	shape := make([]int64, len(shapeOps))
	n := int64(1)
	for i, d := range shapeOps {
		shape[i] = in.size(d)
		if shape[i] < 0 {
			return Value{}, rtErr(pos, "reshape: negative size %d", shape[i])
		}
		n *= shape[i]
	}
	if v.Arr == nil {
		return Value{}, rtErr(pos, "reshape of a scalar")
	}
	m := int64(1)
	for _, d := range v.Arr.Shape {
		m *= d
	}
	if n != m {
		return Value{}, rtErr(pos, "cannot reshape array of shape %s to shape %s", shapeString(v.Arr.Shape), shapeString(shape))
	}
	a := *v.Arr
	a.Shape = shape
	return ArrVal(a), nil
}

func (in *Interpreter) concat(slots []int, w int64, pos Pos) (Value, error) {
	var first *values.Value
	total := int64(0)
	for _, s := range slots {
		v := in.env[s]
		if v.Arr == nil {
			return Value{}, rtErr(pos, "concat of a scalar")
		}
		if first == nil {
			first = v.Arr
		} else if v.Arr.Type != first.Type || !sameShape(v.Arr.Shape[1:], first.Shape[1:]) {
			return Value{}, rtErr(pos, "concat: arrays of shapes %s and %s", shapeString(first.Shape), shapeString(v.Arr.Shape))
		}
		total += v.Arr.Shape[0]
	}
	if first == nil {
		return Value{}, rtErr(pos, "concat of no arrays")
	}
	if total != w {
		return Value{}, rtErr(pos, "concat: result has %d rows, expected %d", total, w)
	}
	out := values.NewArray(first.Type, append([]int64{w}, first.Shape[1:]...))
	off := int64(0)
	for _, s := range slots {
		a := in.env[s].Arr
		copyData(out, off, *a)
		off += rows(a) * rowElems(a)
	}
	return ArrVal(out), nil
}
