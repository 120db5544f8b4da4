// Package values implements Futhark's external data formats: the textual
// value syntax accepted and printed by compiled Futhark executables (and by
// futhark dataset / futhark test), and the binary data format described in
// the Futhark User's Guide, section "Binary Data Format".
//
// A Value is a scalar or a regular (rectangular) array of one primitive type,
// stored flat in row-major order. A Reader reads a stream of values in which
// textual and binary values may be mixed freely; WriteText and WriteBinary
// produce the two formats.
package values

import (
	"fmt"
	"math"
	"strings"
)

// PrimType is a Futhark primitive (element) type.
type PrimType uint8

// The primitive types of the data format.
const (
	Bool PrimType = iota
	I8
	I16
	I32
	I64
	U8
	U16
	U32
	U64
	F16
	F32
	F64
)

// numPrimTypes is the number of valid PrimType values.
const numPrimTypes = int(F64) + 1

var primNames = [numPrimTypes]string{"bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"}

var primSizes = [numPrimTypes]int{1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8}

// binNames are the 4-byte type names used in the binary format.
var binNames = [numPrimTypes]string{"bool", "  i8", " i16", " i32", " i64", "  u8", " u16", " u32", " u64", " f16", " f32", " f64"}

// String returns the Futhark name of the type: "bool", "i8", ..., "f64".
func (t PrimType) String() string {
	if int(t) < numPrimTypes {
		return primNames[t]
	}
	return fmt.Sprintf("PrimType(%d)", uint8(t))
}

// Size returns the size of one element of the type in bytes, as stored in
// the binary format (bool takes one byte).
func (t PrimType) Size() int {
	if int(t) < numPrimTypes {
		return primSizes[t]
	}
	return 0
}

// IsFloat reports whether t is f16, f32 or f64.
func (t PrimType) IsFloat() bool { return t == F16 || t == F32 || t == F64 }

// IsSigned reports whether t is a signed integer type.
func (t PrimType) IsSigned() bool { return t >= I8 && t <= I64 }

// IsUnsigned reports whether t is an unsigned integer type.
func (t PrimType) IsUnsigned() bool { return t >= U8 && t <= U64 }

// IsInt reports whether t is a signed or unsigned integer type.
func (t PrimType) IsInt() bool { return t >= I8 && t <= U64 }

// bits returns the width of an integer or float type in bits.
func (t PrimType) bits() int { return 8 * t.Size() }

// ParsePrimType parses a Futhark type name such as "i32" or "bool".
func ParsePrimType(s string) (PrimType, bool) {
	switch s {
	case "bool":
		return Bool, true
	case "i8":
		return I8, true
	case "i16":
		return I16, true
	case "i32":
		return I32, true
	case "i64":
		return I64, true
	case "u8":
		return U8, true
	case "u16":
		return U16, true
	case "u32":
		return U32, true
	case "u64":
		return U64, true
	case "f16":
		return F16, true
	case "f32":
		return F32, true
	case "f64":
		return F64, true
	}
	return 0, false
}

// Value is a Futhark scalar or regular array.
//
// Data holds the elements in row-major order as a slice whose Go type
// depends on Type: []bool, []int8, []int16, []int32, []int64, []uint8,
// []uint16, []uint32, []uint64, []uint16 (for F16: IEEE 754 binary16 bit
// patterns), []float32 or []float64. A scalar has len(Shape) == 0 and
// exactly one element; an array has one entry in Shape per dimension and
// as many elements as the product of Shape.
type Value struct {
	Type  PrimType
	Shape []int64
	Data  any
}

// Scalar returns a scalar value holding x, which must be a bool, int8,
// int16, int32, int64, uint8, uint16, uint32, uint64, float32 or float64
// (an int is stored as i64, a uint as u64). Since uint16 denotes u16, use
// F16Scalar for half-precision values. Scalar panics on any other type.
func Scalar(x any) Value {
	switch x := x.(type) {
	case bool:
		return Value{Type: Bool, Data: []bool{x}}
	case int8:
		return Value{Type: I8, Data: []int8{x}}
	case int16:
		return Value{Type: I16, Data: []int16{x}}
	case int32:
		return Value{Type: I32, Data: []int32{x}}
	case int64:
		return Value{Type: I64, Data: []int64{x}}
	case int:
		return Value{Type: I64, Data: []int64{int64(x)}}
	case uint8:
		return Value{Type: U8, Data: []uint8{x}}
	case uint16:
		return Value{Type: U16, Data: []uint16{x}}
	case uint32:
		return Value{Type: U32, Data: []uint32{x}}
	case uint64:
		return Value{Type: U64, Data: []uint64{x}}
	case uint:
		return Value{Type: U64, Data: []uint64{uint64(x)}}
	case float32:
		return Value{Type: F32, Data: []float32{x}}
	case float64:
		return Value{Type: F64, Data: []float64{x}}
	}
	panic(fmt.Sprintf("values.Scalar: unsupported type %T", x))
}

// F16Scalar returns an f16 scalar with the given IEEE binary16 bit pattern.
func F16Scalar(h uint16) Value { return Value{Type: F16, Data: []uint16{h}} }

// NewArray returns a zero-filled value of type t and the given shape (a
// scalar when shape is empty). The shape slice is copied. NewArray panics
// if a dimension is negative or the element count overflows an int.
func NewArray(t PrimType, shape []int64) Value {
	n, ok := shapeCount(shape)
	if !ok || n > int64(math.MaxInt) {
		panic(fmt.Sprintf("values.NewArray: invalid shape %v", shape))
	}
	if int(t) >= numPrimTypes {
		panic(fmt.Sprintf("values.NewArray: invalid type %d", uint8(t)))
	}
	var sh []int64
	if len(shape) > 0 {
		sh = append([]int64(nil), shape...)
	}
	return Value{Type: t, Shape: sh, Data: makeData(t, int(n))}
}

// makeData returns a zeroed data slice of n elements for type t.
func makeData(t PrimType, n int) any {
	switch t {
	case Bool:
		return make([]bool, n)
	case I8:
		return make([]int8, n)
	case I16:
		return make([]int16, n)
	case I32:
		return make([]int32, n)
	case I64:
		return make([]int64, n)
	case U8:
		return make([]uint8, n)
	case U16, F16:
		return make([]uint16, n)
	case U32:
		return make([]uint32, n)
	case U64:
		return make([]uint64, n)
	case F32:
		return make([]float32, n)
	case F64:
		return make([]float64, n)
	}
	return nil
}

// shapeCount returns the product of shape, and false if a dimension is
// negative or the product overflows an int64.
func shapeCount(shape []int64) (int64, bool) {
	n := int64(1)
	zero := false
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d == 0 {
			zero = true
		}
	}
	if zero {
		return 0, true
	}
	for _, d := range shape {
		if n > math.MaxInt64/d {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// ShapeString formats shape as it is written in a type: [2][3].
func ShapeString(shape []int64) string {
	var b strings.Builder
	for _, d := range shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

func shapeString(shape []int64) string { return ShapeString(shape) }

// ShapeBytes returns the number of elements of an array of shape and the
// bytes they take as elements of type t, or an error when a dimension is
// negative or either number does not fit in an int64. An array with a
// zero dimension has no elements whatever its other dimensions.
func ShapeBytes(t PrimType, shape []int64) (elems, bytes int64, err error) {
	for _, d := range shape {
		if d < 0 {
			return 0, 0, fmt.Errorf("the shape %s has a negative dimension", ShapeString(shape))
		}
	}
	n, ok := shapeCount(shape)
	if !ok {
		return 0, 0, fmt.Errorf("the shape %s has more than 2^63 elements", ShapeString(shape))
	}
	size := int64(t.Size())
	if size > 0 && n > math.MaxInt64/size {
		return 0, 0, fmt.Errorf("the shape %s of %s elements needs more than 2^63 bytes", ShapeString(shape), t)
	}
	return n, n * size, nil
}

// Rank returns the number of dimensions (0 for a scalar).
func (v Value) Rank() int { return len(v.Shape) }

// Len returns the number of elements: the product of the shape, 1 for a
// scalar. It returns -1 for an invalid shape.
func (v Value) Len() int64 {
	n, ok := shapeCount(v.Shape)
	if !ok {
		return -1
	}
	return n
}

// TypeString returns the type of v in Futhark notation including the
// shape, for example "[2][3]f32", or "i32" for a scalar.
func (v Value) TypeString() string {
	var b strings.Builder
	for _, d := range v.Shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	b.WriteString(v.Type.String())
	return b.String()
}

// String returns v in the textual format (as WriteText writes it), or a
// description of the problem if v is malformed.
func (v Value) String() string {
	var b strings.Builder
	if err := WriteText(&b, v); err != nil {
		return "<invalid value: " + err.Error() + ">"
	}
	return b.String()
}

// dataLen returns the length of the data slice and whether its Go type
// matches v.Type.
func (v Value) dataLen() (int, bool) {
	switch d := v.Data.(type) {
	case []bool:
		return len(d), v.Type == Bool
	case []int8:
		return len(d), v.Type == I8
	case []int16:
		return len(d), v.Type == I16
	case []int32:
		return len(d), v.Type == I32
	case []int64:
		return len(d), v.Type == I64
	case []uint8:
		return len(d), v.Type == U8
	case []uint16:
		return len(d), v.Type == U16 || v.Type == F16
	case []uint32:
		return len(d), v.Type == U32
	case []uint64:
		return len(d), v.Type == U64
	case []float32:
		return len(d), v.Type == F32
	case []float64:
		return len(d), v.Type == F64
	}
	return 0, false
}

// Validate reports whether v is well formed: a known type, a Data slice of
// the matching Go type, non-negative dimensions, and len(Data) equal to the
// product of the shape.
func (v Value) Validate() error {
	if int(v.Type) >= numPrimTypes {
		return fmt.Errorf("values: invalid element type %d", uint8(v.Type))
	}
	n, ok := shapeCount(v.Shape)
	if !ok {
		return fmt.Errorf("values: invalid shape %v", v.Shape)
	}
	l, ok := v.dataLen()
	if !ok {
		return fmt.Errorf("values: data of Go type %T does not match element type %s", v.Data, v.Type)
	}
	if int64(l) != n {
		return fmt.Errorf("values: %s value has %d data elements, want %d", v.TypeString(), l, n)
	}
	return nil
}

// Equal reports whether a and b have the same type, shape and elements.
// Floats are compared bitwise (so 0.0 and -0.0 differ), except that any
// NaN equals any other NaN of the same type.
func Equal(a, b Value) bool {
	if a.Type != b.Type || len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] {
			return false
		}
	}
	switch x := a.Data.(type) {
	case []bool:
		return eqSlice(x, b.Data)
	case []int8:
		return eqSlice(x, b.Data)
	case []int16:
		return eqSlice(x, b.Data)
	case []int32:
		return eqSlice(x, b.Data)
	case []int64:
		return eqSlice(x, b.Data)
	case []uint8:
		return eqSlice(x, b.Data)
	case []uint32:
		return eqSlice(x, b.Data)
	case []uint64:
		return eqSlice(x, b.Data)
	case []uint16:
		y, ok := b.Data.([]uint16)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] && !(a.Type == F16 && isNaN16(x[i]) && isNaN16(y[i])) {
				return false
			}
		}
		return true
	case []float32:
		y, ok := b.Data.([]float32)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if math.Float32bits(x[i]) != math.Float32bits(y[i]) && !(x[i] != x[i] && y[i] != y[i]) {
				return false
			}
		}
		return true
	case []float64:
		y, ok := b.Data.([]float64)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if math.Float64bits(x[i]) != math.Float64bits(y[i]) && !(math.IsNaN(x[i]) && math.IsNaN(y[i])) {
				return false
			}
		}
		return true
	}
	return false
}

func eqSlice[T comparable](x []T, b any) bool {
	y, ok := b.([]T)
	if !ok || len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func isNaN16(h uint16) bool { return h&0x7c00 == 0x7c00 && h&0x3ff != 0 }

// F16ToFloat32 converts IEEE 754 binary16 bits to a float32. The conversion
// is exact; NaN payloads are preserved.
func F16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp == 0:
		if man == 0 {
			return math.Float32frombits(sign)
		}
		e := uint32(127 - 15 + 1)
		for man&0x400 == 0 {
			man <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (man&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

// F16FromFloat32 converts a float32 to IEEE 754 binary16 bits, rounding to
// nearest, ties to even. Values too large become infinities, values too
// small become (signed) zeros or subnormals. NaNs stay NaNs, keeping the
// top payload bits (a NaN whose kept payload would be zero becomes quiet).
func F16FromFloat32(f float32) uint16 {
	b := math.Float32bits(f)
	return f16FromParts(uint16(b>>16)&0x8000, int(b>>23)&0xff, uint64(b&0x7fffff), 23, 127, 0xff)
}

// f16FromFloat64 converts a float64 to binary16 bits with a single
// correct rounding.
func f16FromFloat64(f float64) uint16 {
	b := math.Float64bits(f)
	return f16FromParts(uint16(b>>48)&0x8000, int(b>>52)&0x7ff, b&(1<<52-1), 52, 1023, 0x7ff)
}

// f16FromParts rounds a binary float given by sign, biased exponent and
// mantissa (of manBits bits, with the given bias and all-ones exponent
// maxExp) to binary16.
func f16FromParts(sign uint16, exp int, man uint64, manBits uint, bias, maxExp int) uint16 {
	if exp == maxExp {
		if man == 0 {
			return sign | 0x7c00
		}
		p := uint16(man >> (manBits - 10))
		if p == 0 {
			p = 0x200
		}
		return sign | 0x7c00 | p
	}
	if exp == 0 {
		// Zero or a subnormal of the source format: far below f16 range.
		return sign
	}
	e := exp - bias + 15 // biased f16 exponent
	if e >= 0x1f {
		return sign | 0x7c00
	}
	m := man | 1<<manBits // with implicit bit
	var shift uint
	var base uint64
	if e <= 0 {
		// Subnormal result: value = m * 2^(exp-bias-manBits), f16
		// subnormal unit is 2^-24.
		s := int(manBits) - 10 + 1 - e
		if s > int(manBits)+2 {
			return sign // below half the smallest subnormal
		}
		shift = uint(s)
		base = 0
	} else {
		shift = manBits - 10
		base = uint64(e) << 10
		m = man
	}
	h := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	h += base
	if rem > half || (rem == half && h&1 == 1) {
		h++
	}
	return sign | uint16(h)
}
