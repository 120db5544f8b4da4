package soac

import (
	"fmt"
	"math"

	"github.com/fcclang/fcc/runtime/values"
)

// Value is a run-time value of the interpreter: a scalar, or an array
// (Arr non-nil). Arrays share their backing store with the runtime's value
// type, so the interpreter prints exactly what compiled executables print.
type Value struct {
	Prim PrimValue
	Arr  *values.Value
}

// PrimVal wraps a scalar.
func PrimVal(p PrimValue) Value { return Value{Prim: p} }

// ArrVal wraps an array.
func ArrVal(a values.Value) Value { return Value{Arr: &a} }

// IsArray reports whether v is an array.
func (v Value) IsArray() bool { return v.Arr != nil }

// FromRuntime converts a runtime value (scalar or array) to an interpreter
// value.
func FromRuntime(rv values.Value) Value {
	if len(rv.Shape) == 0 {
		return PrimVal(elemAt(rv, 0))
	}
	return ArrVal(rv)
}

// ToRuntime converts an interpreter value to a runtime value.
func (v Value) ToRuntime() values.Value {
	if v.Arr != nil {
		return *v.Arr
	}
	out := values.NewArray(v.Prim.T, nil)
	setElem(out, 0, v.Prim)
	return out
}

// rows is the size of the outermost dimension of an array.
func rows(a *values.Value) int64 { return a.Shape[0] }

// rowElems is the number of scalars in one row.
func rowElems(a *values.Value) int64 {
	n := int64(1)
	for _, d := range a.Shape[1:] {
		n *= d
	}
	return n
}

// row returns row i of an array, sharing storage.
func row(a *values.Value, i int64) Value {
	if len(a.Shape) == 1 {
		return PrimVal(elemAt(*a, i))
	}
	k := rowElems(a)
	sub := values.Value{Type: a.Type, Shape: a.Shape[1:], Data: sliceData(a.Data, i*k, (i+1)*k)}
	return ArrVal(sub)
}

func sliceData(data any, lo, hi int64) any {
	switch d := data.(type) {
	case []bool:
		return d[lo:hi]
	case []int8:
		return d[lo:hi]
	case []int16:
		return d[lo:hi]
	case []int32:
		return d[lo:hi]
	case []int64:
		return d[lo:hi]
	case []uint8:
		return d[lo:hi]
	case []uint16:
		return d[lo:hi]
	case []uint32:
		return d[lo:hi]
	case []uint64:
		return d[lo:hi]
	case []float32:
		return d[lo:hi]
	case []float64:
		return d[lo:hi]
	}
	panic(fmt.Sprintf("soac: unexpected array data %T", data))
}

// elemAt reads the scalar at a flat (row-major) index.
func elemAt(a values.Value, i int64) PrimValue {
	t := a.Type
	switch d := a.Data.(type) {
	case []bool:
		return BoolValue(d[i])
	case []int8:
		return IntValue(t, int64(d[i]))
	case []int16:
		return IntValue(t, int64(d[i]))
	case []int32:
		return IntValue(t, int64(d[i]))
	case []int64:
		return IntValue(t, d[i])
	case []uint8:
		return PrimValue{T: t, Bits: uint64(d[i])}
	case []uint16: // u16 and f16 bits alike
		return PrimValue{T: t, Bits: uint64(d[i])}
	case []uint32:
		return PrimValue{T: t, Bits: uint64(d[i])}
	case []uint64:
		return PrimValue{T: t, Bits: d[i]}
	case []float32:
		return PrimValue{T: t, Bits: uint64(math.Float32bits(d[i]))}
	case []float64:
		return PrimValue{T: t, Bits: math.Float64bits(d[i])}
	}
	panic(fmt.Sprintf("soac: unexpected array data %T", a.Data))
}

// setElem writes the scalar at a flat index.
func setElem(a values.Value, i int64, p PrimValue) {
	switch d := a.Data.(type) {
	case []bool:
		d[i] = p.Bits != 0
	case []int8:
		d[i] = int8(p.Bits)
	case []int16:
		d[i] = int16(p.Bits)
	case []int32:
		d[i] = int32(p.Bits)
	case []int64:
		d[i] = int64(p.Bits)
	case []uint8:
		d[i] = uint8(p.Bits)
	case []uint16:
		d[i] = uint16(p.Bits)
	case []uint32:
		d[i] = uint32(p.Bits)
	case []uint64:
		d[i] = p.Bits
	case []float32:
		d[i] = math.Float32frombits(uint32(p.Bits))
	case []float64:
		d[i] = math.Float64frombits(p.Bits)
	default:
		panic(fmt.Sprintf("soac: unexpected array data %T", a.Data))
	}
}

// copyData copies all of src's elements into dst starting at flat offset.
func copyData(dst values.Value, off int64, src values.Value) {
	switch d := dst.Data.(type) {
	case []bool:
		copy(d[off:], src.Data.([]bool))
	case []int8:
		copy(d[off:], src.Data.([]int8))
	case []int16:
		copy(d[off:], src.Data.([]int16))
	case []int32:
		copy(d[off:], src.Data.([]int32))
	case []int64:
		copy(d[off:], src.Data.([]int64))
	case []uint8:
		copy(d[off:], src.Data.([]uint8))
	case []uint16:
		copy(d[off:], src.Data.([]uint16))
	case []uint32:
		copy(d[off:], src.Data.([]uint32))
	case []uint64:
		copy(d[off:], src.Data.([]uint64))
	case []float32:
		copy(d[off:], src.Data.([]float32))
	case []float64:
		copy(d[off:], src.Data.([]float64))
	default:
		panic(fmt.Sprintf("soac: unexpected array data %T", dst.Data))
	}
}

// arrayBuilder collects n rows of one shape into a fresh array.
type arrayBuilder struct {
	arr     values.Value
	rowSize int64
}

func newArrayBuilder(elem PrimType, outer int64, rowShape []int64) *arrayBuilder {
	shape := append([]int64{outer}, rowShape...)
	k := int64(1)
	for _, d := range rowShape {
		k *= d
	}
	return &arrayBuilder{arr: values.NewArray(elem, shape), rowSize: k}
}

// set stores v as row i; it fails if v's shape differs from the row shape.
func (b *arrayBuilder) set(i int64, v Value) error {
	if v.Arr == nil {
		if len(b.arr.Shape) != 1 {
			return fmt.Errorf("a scalar where an array row of shape %v was expected", b.arr.Shape[1:])
		}
		setElem(b.arr, i, v.Prim)
		return nil
	}
	if !sameShape(v.Arr.Shape, b.arr.Shape[1:]) {
		return fmt.Errorf("irregular array: row of shape %v where %v was expected", v.Arr.Shape, b.arr.Shape[1:])
	}
	copyData(b.arr, i*b.rowSize, *v.Arr)
	return nil
}

func sameShape(a, b []int64) bool {
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

// shapeOf returns the shape of a value (nil for scalars).
func shapeOf(v Value) []int64 {
	if v.Arr == nil {
		return nil
	}
	return v.Arr.Shape
}

// copyValue returns a fresh copy of an array value (scalars are returned
// as they are).
func copyValue(v Value) Value {
	if v.Arr == nil {
		return v
	}
	out := values.NewArray(v.Arr.Type, append([]int64(nil), v.Arr.Shape...))
	copyData(out, 0, *v.Arr)
	return ArrVal(out)
}

// FlatElem returns the scalar at flat (row-major) index i of an array, or
// the value itself for a scalar.
func (v Value) FlatElem(i int64) PrimValue {
	if v.Arr == nil {
		return v.Prim
	}
	return elemAt(*v.Arr, i)
}
