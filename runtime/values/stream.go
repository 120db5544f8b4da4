package values

import (
	"bufio"
	"fmt"
)

// StreamWriter writes one array whose elements arrive in pieces, in the
// text or binary format, byte for byte as WriteText or WriteBinary would
// write the whole array, without holding it: for data sets larger than
// the memory.
type StreamWriter struct {
	w       *bufio.Writer
	t       PrimType
	shape   []int64
	binary  bool
	total   int64   // elements of the array
	done    int64   // elements written
	strides []int64 // elements per index of each dimension
	buf     []byte
	err     error
}

// NewStreamWriter starts an array of type t and shape (a scalar when
// shape is empty), written in the binary format when binary, with its
// header when header, else in the text format. An array without elements
// is written whole here.
func NewStreamWriter(w *bufio.Writer, t PrimType, shape []int64, binary, header bool) (*StreamWriter, error) {
	total, _, err := ShapeBytes(t, shape)
	if err != nil {
		return nil, err
	}
	sw := &StreamWriter{w: w, t: t, shape: append([]int64{}, shape...), binary: binary, total: total}
	sw.strides = make([]int64, len(shape))
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		sw.strides[i] = s
		s *= max(shape[i], 1)
	}
	switch {
	case binary && header:
		if len(shape) > MaxRank {
			return nil, fmt.Errorf("values: rank %d exceeds the binary format's limit of %d", len(shape), MaxRank)
		}
		sw.err = writeBinaryHeader(w, t, shape)
	case !binary && total == 0:
		sw.err = WriteText(w, Value{Type: t, Shape: sw.shape, Data: makeData(t, 0)})
	}
	return sw, sw.err
}

// Write appends the elements of piece, a one-dimensional array of the
// stream's element type, to the array.
func (sw *StreamWriter) Write(piece Value) error {
	if sw.err != nil {
		return sw.err
	}
	if piece.Type != sw.t || piece.Rank() != 1 {
		return fmt.Errorf("values: a piece of type %s for an array of %s", piece.TypeString(), sw.t)
	}
	n := piece.Len()
	if n > sw.total-sw.done {
		return fmt.Errorf("values: %d elements more than the array's %d", sw.done+n-sw.total, sw.total)
	}
	if sw.binary {
		sw.err = writeBinaryData(sw.w, piece.Data)
		sw.done += n
		return sw.err
	}
	if len(sw.shape) == 0 {
		sw.buf = appendElems(sw.buf[:0], sw.t, piece.Data, 0, 1)
		sw.done++
		_, sw.err = sw.w.Write(sw.buf)
		return sw.err
	}
	inner := sw.shape[len(sw.shape)-1]
	for lo := int64(0); lo < n && sw.err == nil; {
		// Up to the end of the current innermost row, at most 1024.
		hi := min(n, lo+inner-sw.done%inner, lo+1024)
		sw.buf = sw.buf[:0]
		if sw.done > 0 {
			sw.buf = append(sw.buf, ", "...)
		}
		for range sw.boundaries(sw.done) {
			sw.buf = append(sw.buf, '[')
		}
		sw.buf = appendElems(sw.buf, sw.t, piece.Data, int(lo), int(hi))
		sw.done += hi - lo
		for range sw.boundaries(sw.done) {
			sw.buf = append(sw.buf, ']')
		}
		_, sw.err = sw.w.Write(sw.buf)
		lo = hi
	}
	return sw.err
}

// boundaries returns the number of dimensions whose rows start (or end)
// at element i: all of them at the first and after the last element, 0
// inside an innermost row.
func (sw *StreamWriter) boundaries(i int64) int {
	k := 0
	for d := len(sw.shape) - 1; d >= 0 && i%(sw.strides[d]*sw.shape[d]) == 0; d-- {
		k++
	}
	return k
}

// Close checks that every element was written.
func (sw *StreamWriter) Close() error {
	if sw.err == nil && sw.done != sw.total {
		sw.err = fmt.Errorf("values: %d of the array's %d elements were written", sw.done, sw.total)
	}
	return sw.err
}
