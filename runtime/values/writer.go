package values

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
)

// WriteText writes v in the textual format used by Futhark's compiled
// executables, without a trailing newline:
//
//   - integers with their type suffix: 1i32, -3i8, 255u8;
//   - booleans as true and false;
//   - finite floats with a type suffix and always a decimal point or
//     exponent, using the shortest digits that read back to the same value:
//     1.0f32, 0.1f32, -0.0f64, 1.0e-10f32, 1.0e16f64, 0.5f16; positional
//     notation is used for decimal exponents -5 to 15, otherwise d.ddde-X;
//   - NaN as f32.nan (f16.nan, f64.nan), infinities as f32.inf and -f32.inf;
//   - arrays as [1i32, 2i32], nested arrays as [[1i32, 2i32], [3i32, 4i32]];
//   - arrays without elements as empty([0]i32), empty([2][0]f32).
//
// (Futhark's C runtime prints floats with "%.9g"/"%.17g"; the shortest
// representation used here denotes the same value and is what the Futhark
// value reader accepts.) WriteText returns an error if v is malformed.
func WriteText(w io.Writer, v Value) error {
	if err := v.Validate(); err != nil {
		return err
	}
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 64<<10)
	}
	tw := textWriter{w: bw, buf: make([]byte, 0, 4096)}
	count, _ := shapeCount(v.Shape)
	switch {
	case len(v.Shape) == 0:
		tw.buf = appendElems(tw.buf, v.Type, v.Data, 0, 1)
	case count == 0:
		tw.buf = append(tw.buf, "empty("...)
		for _, d := range v.Shape {
			tw.buf = append(tw.buf, '[')
			tw.buf = strconv.AppendInt(tw.buf, d, 10)
			tw.buf = append(tw.buf, ']')
		}
		tw.buf = append(tw.buf, v.Type.String()...)
		tw.buf = append(tw.buf, ')')
	default:
		strides := make([]int, len(v.Shape))
		s := 1
		for i := len(v.Shape) - 1; i >= 0; i-- {
			strides[i] = s
			s *= int(v.Shape[i])
		}
		tw.array(v, strides, 0, 0)
	}
	tw.flush()
	if tw.err != nil {
		return tw.err
	}
	if !ok {
		return bw.Flush()
	}
	return nil
}

type textWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func (tw *textWriter) flush() {
	if tw.err == nil && len(tw.buf) > 0 {
		_, tw.err = tw.w.Write(tw.buf)
	}
	tw.buf = tw.buf[:0]
}

// array writes the subarray of v starting at element off, at dimension dim.
func (tw *textWriter) array(v Value, strides []int, dim, off int) {
	n := int(v.Shape[dim])
	tw.buf = append(tw.buf, '[')
	if dim == len(v.Shape)-1 {
		// Write long rows in pieces to bound the buffer.
		for lo := 0; lo < n && tw.err == nil; lo += 1024 {
			hi := min(n, lo+1024)
			if lo > 0 {
				tw.buf = append(tw.buf, ", "...)
			}
			tw.buf = appendElems(tw.buf, v.Type, v.Data, off+lo, off+hi)
			if len(tw.buf) > 32<<10 {
				tw.flush()
			}
		}
	} else {
		for i := 0; i < n && tw.err == nil; i++ {
			if i > 0 {
				tw.buf = append(tw.buf, ", "...)
			}
			tw.array(v, strides, dim+1, off+i*strides[dim])
		}
	}
	tw.buf = append(tw.buf, ']')
}

// appendElems appends elements lo..hi-1 of data, separated by ", ".
func appendElems(buf []byte, t PrimType, data any, lo, hi int) []byte {
	sep := func(i int) {
		if i > lo {
			buf = append(buf, ", "...)
		}
	}
	suffix := t.String()
	switch d := data.(type) {
	case []bool:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = strconv.AppendBool(buf, d[i])
		}
	case []int8:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendInt(buf, int64(d[i]), 10), suffix...)
		}
	case []int16:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendInt(buf, int64(d[i]), 10), suffix...)
		}
	case []int32:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendInt(buf, int64(d[i]), 10), suffix...)
		}
	case []int64:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendInt(buf, d[i], 10), suffix...)
		}
	case []uint8:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendUint(buf, uint64(d[i]), 10), suffix...)
		}
	case []uint16:
		if t == F16 {
			for i := lo; i < hi; i++ {
				sep(i)
				buf = appendF16(buf, d[i])
			}
		} else {
			for i := lo; i < hi; i++ {
				sep(i)
				buf = append(strconv.AppendUint(buf, uint64(d[i]), 10), suffix...)
			}
		}
	case []uint32:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendUint(buf, uint64(d[i]), 10), suffix...)
		}
	case []uint64:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = append(strconv.AppendUint(buf, d[i], 10), suffix...)
		}
	case []float32:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = appendFloat(buf, float64(d[i]), 32, "f32")
		}
	case []float64:
		for i := lo; i < hi; i++ {
			sep(i)
			buf = appendFloat(buf, d[i], 64, "f64")
		}
	}
	return buf
}

// appendSpecial appends the text of a NaN or infinity and reports whether
// f was one.
func appendSpecial(buf []byte, f float64, suffix string) ([]byte, bool) {
	switch {
	case math.IsNaN(f):
		return append(append(buf, suffix...), ".nan"...), true
	case math.IsInf(f, 1):
		return append(append(buf, suffix...), ".inf"...), true
	case math.IsInf(f, -1):
		return append(append(append(buf, '-'), suffix...), ".inf"...), true
	}
	return buf, false
}

// appendFloat appends a float32 (bitSize 32) or float64 in shortest
// round-trip form with a decimal point, followed by suffix.
func appendFloat(buf []byte, f float64, bitSize int, suffix string) []byte {
	if b, ok := appendSpecial(buf, f, suffix); ok {
		return b
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, bitSize)
	return append(appendDecimal(buf, e), suffix...)
}

// appendF16 appends an f16 value in shortest round-trip form.
func appendF16(buf []byte, h uint16) []byte {
	f := float64(F16ToFloat32(h))
	if b, ok := appendSpecial(buf, f, "f16"); ok {
		return b
	}
	var tmp [32]byte
	var e []byte
	for prec := 0; prec < 17; prec++ {
		e = strconv.AppendFloat(tmp[:0], f, 'e', prec, 64)
		g, err := strconv.ParseFloat(string(e), 64)
		if err == nil && f16FromFloat64(g) == h {
			break
		}
	}
	return append(appendDecimal(buf, e), "f16"...)
}

// appendDecimal reformats strconv's 'e' output ("-d.ddde±XX") as a
// decimal that always contains a '.': positional for exponents in
// [-5, 15], otherwise "d.ddde-X".
func appendDecimal(buf, e []byte) []byte {
	if len(e) > 0 && e[0] == '-' {
		buf = append(buf, '-')
		e = e[1:]
	}
	var digits [24]byte
	nd := 0
	i := 0
	for ; i < len(e) && e[i] != 'e'; i++ {
		if e[i] != '.' && nd < len(digits) {
			digits[nd] = e[i]
			nd++
		}
	}
	exp := 0
	if i+1 < len(e) {
		x, err := strconv.Atoi(string(e[i+1:]))
		if err == nil {
			exp = x
		}
	}
	for nd > 1 && digits[nd-1] == '0' {
		nd--
	}
	d := digits[:nd]
	switch {
	case exp < -5 || exp > 15:
		buf = append(buf, d[0], '.')
		if nd > 1 {
			buf = append(buf, d[1:]...)
		} else {
			buf = append(buf, '0')
		}
		buf = append(buf, 'e')
		buf = strconv.AppendInt(buf, int64(exp), 10)
	case exp < 0:
		buf = append(buf, "0."...)
		for k := 0; k < -exp-1; k++ {
			buf = append(buf, '0')
		}
		buf = append(buf, d...)
	default:
		if nd <= exp+1 {
			buf = append(buf, d...)
			for k := nd; k < exp+1; k++ {
				buf = append(buf, '0')
			}
			buf = append(buf, ".0"...)
		} else {
			buf = append(buf, d[:exp+1]...)
			buf = append(buf, '.')
			buf = append(buf, d[exp+1:]...)
		}
	}
	return buf
}

// WriteBinary writes v in Futhark's binary data format: the byte 'b', the
// format version 2, the rank as one byte, the 4-character element type name
// (" i32", "  u8", "bool", " f16", ...), the dimensions as little-endian
// 64-bit integers, and the elements in little-endian row-major order. It
// returns an error if v is malformed or its rank exceeds MaxRank.
func WriteBinary(w io.Writer, v Value) error {
	if err := v.Validate(); err != nil {
		return err
	}
	if len(v.Shape) > MaxRank {
		return fmt.Errorf("values: rank %d exceeds the binary format's limit of %d", len(v.Shape), MaxRank)
	}
	if err := writeBinaryHeader(w, v.Type, v.Shape); err != nil {
		return err
	}
	return writeBinaryData(w, v.Data)
}

// writeBinaryHeader writes the binary format's header of a value of type
// t and shape.
func writeBinaryHeader(w io.Writer, t PrimType, shape []int64) error {
	hdr := make([]byte, 0, 7+8*len(shape))
	hdr = append(hdr, 'b', 2, byte(len(shape)))
	hdr = append(hdr, binNames[t]...)
	for _, d := range shape {
		hdr = binary.LittleEndian.AppendUint64(hdr, uint64(d))
	}
	_, err := w.Write(hdr)
	return err
}

// writeBinaryData writes the elements of data (a Value's Data) as the
// binary format stores them.
func writeBinaryData(w io.Writer, data any) error {
	switch d := data.(type) {
	case []bool:
		return writeElems(w, d, 1, func(p []byte, x bool) {
			p[0] = 0
			if x {
				p[0] = 1
			}
		})
	case []int8:
		return writeElems(w, d, 1, func(p []byte, x int8) { p[0] = byte(x) })
	case []uint8:
		if len(d) == 0 {
			return nil
		}
		_, err := w.Write(d)
		return err
	case []int16:
		return writeElems(w, d, 2, func(p []byte, x int16) { binary.LittleEndian.PutUint16(p, uint16(x)) })
	case []uint16:
		return writeElems(w, d, 2, binary.LittleEndian.PutUint16)
	case []int32:
		return writeElems(w, d, 4, func(p []byte, x int32) { binary.LittleEndian.PutUint32(p, uint32(x)) })
	case []uint32:
		return writeElems(w, d, 4, binary.LittleEndian.PutUint32)
	case []float32:
		return writeElems(w, d, 4, func(p []byte, x float32) { binary.LittleEndian.PutUint32(p, math.Float32bits(x)) })
	case []int64:
		return writeElems(w, d, 8, func(p []byte, x int64) { binary.LittleEndian.PutUint64(p, uint64(x)) })
	case []uint64:
		return writeElems(w, d, 8, binary.LittleEndian.PutUint64)
	case []float64:
		return writeElems(w, d, 8, func(p []byte, x float64) { binary.LittleEndian.PutUint64(p, math.Float64bits(x)) })
	}
	return nil
}

// writeElems encodes data in chunks and writes them to w.
func writeElems[T any](w io.Writer, data []T, size int, enc func([]byte, T)) error {
	if len(data) == 0 {
		return nil
	}
	per := (64 << 10) / size
	buf := make([]byte, min(len(data), per)*size)
	for lo := 0; lo < len(data); lo += per {
		hi := min(len(data), lo+per)
		p := buf[:(hi-lo)*size]
		for i, x := range data[lo:hi] {
			enc(p[i*size:], x)
		}
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}
