package values

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unsafe"
)

// SyntaxError describes malformed input. Offset is the byte offset in the
// stream where the problem was found. Line and Col (1-based, Col counted in
// bytes) locate textual input; they are 0 for errors in binary values.
// Line numbers count the newlines of textual input only (not bytes inside
// binary values).
type SyntaxError struct {
	Offset    int64
	Line, Col int
	Msg       string
}

// Error formats the error as "line L, column C (byte O): MSG", or
// "byte O: MSG" when no line is known.
func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d (byte %d): %s", e.Line, e.Col, e.Offset, e.Msg)
	}
	return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg)
}

// MaxRank is the largest rank the reader accepts (the binary format stores
// the rank in a signed byte).
const MaxRank = 127

const (
	bufSize     = 64 << 10
	maxTokenLen = 64 << 10
	binChunk    = 256 << 10
)

// Reader reads a stream of Futhark values. Textual and binary values may be
// mixed; each value's format is detected separately (binary values start
// with the byte 'b'). Whitespace and "--" line comments may appear between
// textual tokens and between values. After an error the Reader's position
// is unspecified and further reads are not meaningful.
type Reader struct {
	rd        io.Reader
	buf       []byte
	pos, end  int
	base      int64 // stream offset of buf[0]
	rerr      error // sticky error from rd
	line      int
	lineStart int64 // stream offset of the first byte of the current line

	// Position of the start of the value being read, for errors that
	// refer back to it from a later line.
	valLine      int
	valLineStart int64

	limit int64 // most bytes of one value's data, 0 for no limit

	scratch []byte // token copy when a token straddles a refill
	clean   []byte // numeric text without underscores and suffix
	chunk   []byte // binary payload staging
}

// NewReader returns a Reader that reads from r with its own buffering.
func NewReader(r io.Reader) *Reader {
	return &Reader{rd: r, buf: make([]byte, bufSize), line: 1}
}

// SetMemoryLimit makes values whose data would take more than limit bytes
// (0: no limit, the default) an error, found before their data is
// allocated: from a binary value's header, and as a textual array grows.
// See MemoryLimit.
func (r *Reader) SetMemoryLimit(limit int64) { r.limit = limit }

// Offset returns the number of bytes consumed so far.
func (r *Reader) Offset() int64 { return r.base + int64(r.pos) }

// fill moves unread data to the front of the buffer and reads more. It
// reports whether new data arrived.
func (r *Reader) fill() bool {
	if r.rerr != nil {
		return false
	}
	if r.pos > 0 {
		copy(r.buf, r.buf[r.pos:r.end])
		r.base += int64(r.pos)
		r.end -= r.pos
		r.pos = 0
	}
	for tries := 0; tries < 100; tries++ {
		n, err := r.rd.Read(r.buf[r.end:])
		if n < 0 || n > len(r.buf)-r.end {
			r.rerr = errors.New("values: invalid Read count")
			return false
		}
		r.end += n
		if err != nil {
			r.rerr = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	r.rerr = io.ErrNoProgress
	return false
}

// ioErr converts the sticky read error into the error to report when
// input ended while expecting something.
func (r *Reader) ioErr(expected string) error {
	if r.rerr != nil && r.rerr != io.EOF {
		return fmt.Errorf("values: read error at byte %d: %w", r.Offset(), r.rerr)
	}
	return r.errf(r.Offset(), "unexpected end of input, %s", expected)
}

// errf returns a SyntaxError at stream offset off, which must lie on the
// current line.
func (r *Reader) errf(off int64, format string, args ...any) error {
	line, ls := r.line, r.lineStart
	if off < ls {
		line, ls = r.valLine, r.valLineStart
	}
	return &SyntaxError{Offset: off, Line: line, Col: int(off-ls) + 1, Msg: fmt.Sprintf(format, args...)}
}

// binErrf returns a SyntaxError for binary input.
func binErrf(off int64, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: "binary value: " + fmt.Sprintf(format, args...)}
}

// peek returns the next byte without consuming it, or -1 at end of input.
func (r *Reader) peek() int {
	if r.pos < r.end {
		return int(r.buf[r.pos])
	}
	if !r.fill() {
		return -1
	}
	return int(r.buf[r.pos])
}

// skipSpace skips whitespace and line comments.
func (r *Reader) skipSpace() {
	for {
		for r.pos < r.end {
			switch c := r.buf[r.pos]; c {
			case ' ', '\t', '\r', '\v', '\f':
				r.pos++
			case '\n':
				r.pos++
				r.line++
				r.lineStart = r.base + int64(r.pos)
			case '-':
				if r.pos+1 >= r.end {
					if r.fill() {
						continue
					}
					return
				}
				if r.buf[r.pos+1] != '-' {
					return
				}
				r.skipComment()
			default:
				return
			}
		}
		if !r.fill() {
			return
		}
	}
}

// skipComment skips to the end of the line (not consuming the newline).
func (r *Reader) skipComment() {
	for {
		for r.pos < r.end {
			if r.buf[r.pos] == '\n' {
				return
			}
			r.pos++
		}
		if !r.fill() {
			return
		}
	}
}

var constituent = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			c == '.' || c == '-' || c == '+' || c == '_'
	}
	return
}()

// token consumes a maximal run of constituent characters (letters, digits,
// '.', '-', '+', '_') and returns it; the result is valid until the next
// read from the Reader. It returns an empty token if the next byte is not a
// constituent.
func (r *Reader) token() ([]byte, error) {
	i := r.pos
	for i < r.end && constituent[r.buf[i]] {
		i++
	}
	if i < r.end || r.rerr != nil {
		t := r.buf[r.pos:i]
		r.pos = i
		return t, nil
	}
	// The token may continue beyond the buffered data.
	start := r.Offset()
	r.scratch = append(r.scratch[:0], r.buf[r.pos:i]...)
	r.pos = i
	for r.fill() {
		i = r.pos
		for i < r.end && constituent[r.buf[i]] {
			i++
		}
		r.scratch = append(r.scratch, r.buf[r.pos:i]...)
		r.pos = i
		if len(r.scratch) > maxTokenLen {
			return nil, r.errf(start, "token too long")
		}
		if i < r.end {
			break
		}
	}
	if r.rerr != nil && r.rerr != io.EOF {
		return nil, r.ioErr("")
	}
	return r.scratch, nil
}

// describe returns a short description of what is next in the input,
// for error messages.
func (r *Reader) describe() string {
	c := r.peek()
	if c < 0 {
		return "end of input"
	}
	if constituent[c] {
		i := r.pos
		for i < r.end && constituent[r.buf[i]] && i-r.pos < 32 {
			i++
		}
		return fmt.Sprintf("'%s'", r.buf[r.pos:i])
	}
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func quoteTok(t []byte) string {
	if len(t) > 32 {
		return "'" + string(t[:32]) + "...'"
	}
	return "'" + string(t) + "'"
}

// Read reads the next value. Unsuffixed integer literals are read as i32
// and unsuffixed decimal literals (with '.' or an exponent) as f64; all
// elements of an array must have the same type. Read returns io.EOF when
// only whitespace and comments remain.
func (r *Reader) Read() (Value, error) {
	return r.read(0, false, -1)
}

// ReadAs reads the next value and checks that it has element type t and the
// given rank (a negative rank accepts any rank). As in Futhark's compiled
// executables, unsuffixed textual literals are given type t, so "[1, 2]"
// reads as an f32 array when t is F32; literals whose suffix differs from t,
// decimal literals for integer types, and numbers for bool are errors. An
// empty textual array "[]" is accepted here (but not by Read). ReadAs
// returns io.EOF when only whitespace and comments remain.
func (r *Reader) ReadAs(t PrimType, rank int) (Value, error) {
	if int(t) >= numPrimTypes {
		return Value{}, fmt.Errorf("values: ReadAs: invalid type %d", uint8(t))
	}
	return r.read(t, true, rank)
}

func (r *Reader) read(want PrimType, hasWant bool, rank int) (Value, error) {
	r.skipSpace()
	c := r.peek()
	if c < 0 {
		if r.rerr != nil && r.rerr != io.EOF {
			return Value{}, r.ioErr("")
		}
		return Value{}, io.EOF
	}
	start := r.Offset()
	r.valLine, r.valLineStart = r.line, r.lineStart
	var v Value
	var err error
	switch {
	case c == 'b':
		v, err = r.readBinary()
		if err != nil {
			return Value{}, err
		}
		if hasWant && v.Type != want {
			return Value{}, binErrf(start, "expected element type %s but found %s", want, v.TypeString())
		}
	case c == '[':
		v, err = r.readArray(want, hasWant, rank)
	default:
		var tok []byte
		tok, err = r.token()
		if err != nil {
			return Value{}, err
		}
		if len(tok) == 0 {
			return Value{}, r.errf(start, "expected a value but found %s", r.describe())
		}
		if string(tok) == "empty" {
			v, err = r.readEmpty(start, want, hasWant)
			break
		}
		var t PrimType
		var bits uint64
		var msg string
		t, bits, msg = r.parseLit(tok, want, hasWant)
		if msg != "" {
			return Value{}, r.errf(start, "%s", msg)
		}
		b := builder{t: t}
		b.add(bits)
		v = Value{Type: t, Data: b.data()}
	}
	if err != nil {
		return Value{}, err
	}
	if rank >= 0 && v.Rank() != rank {
		if c == 'b' {
			return Value{}, binErrf(start, "expected a value of rank %d but found %s", rank, v.TypeString())
		}
		return Value{}, r.errf(start, "expected a value of rank %d but found %s", rank, v.TypeString())
	}
	return v, nil
}

// builder accumulates elements of one type.
type builder struct {
	t   PrimType
	n   int64 // elements added
	b   []bool
	i8  []int8
	i16 []int16
	i32 []int32
	i64 []int64
	u8  []uint8
	u16 []uint16
	u32 []uint32
	u64 []uint64
	f32 []float32
	f64 []float64
}

// add appends one element given as its bit pattern (two's complement for
// integers, IEEE bits for floats, 0/1 for bool).
func (b *builder) add(x uint64) {
	switch b.t {
	case Bool:
		b.b = append(b.b, x != 0)
	case I8:
		b.i8 = append(b.i8, int8(x))
	case I16:
		b.i16 = append(b.i16, int16(x))
	case I32:
		b.i32 = append(b.i32, int32(x))
	case I64:
		b.i64 = append(b.i64, int64(x))
	case U8:
		b.u8 = append(b.u8, uint8(x))
	case U16, F16:
		b.u16 = append(b.u16, uint16(x))
	case U32:
		b.u32 = append(b.u32, uint32(x))
	case U64:
		b.u64 = append(b.u64, x)
	case F32:
		b.f32 = append(b.f32, math.Float32frombits(uint32(x)))
	case F64:
		b.f64 = append(b.f64, math.Float64frombits(x))
	}
}

// data returns the accumulated elements as a Value.Data slice (never nil).
func (b *builder) data() any {
	switch b.t {
	case Bool:
		return nonNil(b.b)
	case I8:
		return nonNil(b.i8)
	case I16:
		return nonNil(b.i16)
	case I32:
		return nonNil(b.i32)
	case I64:
		return nonNil(b.i64)
	case U8:
		return nonNil(b.u8)
	case U16, F16:
		return nonNil(b.u16)
	case U32:
		return nonNil(b.u32)
	case U64:
		return nonNil(b.u64)
	case F32:
		return nonNil(b.f32)
	case F64:
		return nonNil(b.f64)
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// readArray reads a bracketed textual array of any rank.
func (r *Reader) readArray(want PrimType, hasWant bool, wantRank int) (Value, error) {
	var (
		b       = builder{t: want}
		typed   = hasWant // element type fixed?
		rank    = -1      // known once the first element or "[]" is seen
		shape   []int64   // known extents (-1 unknown), len == depth reached
		count   []int64   // elements seen in each open level
		depth   int
		expect  = true // expecting an element (or ']')
		sawElem bool
	)
	open := func(off int64) error {
		if rank >= 0 && depth >= rank {
			return r.errf(off, "array elements have different shapes: expected a scalar element at depth %d but found '['", depth)
		}
		if depth >= MaxRank {
			return r.errf(off, "array rank exceeds %d", MaxRank)
		}
		depth++
		if len(shape) < depth {
			shape = append(shape, -1)
		}
		if len(count) < depth {
			count = append(count, 0)
		}
		count[depth-1] = 0
		expect = true
		return nil
	}
	// Consume the first '['.
	r.pos++
	if err := open(r.Offset() - 1); err != nil {
		return Value{}, err
	}
	for {
		// Fast path for the common separators.
		r.skipSpace()
		off := r.Offset()
		c := r.peek()
		switch {
		case c < 0:
			if expect {
				return Value{}, r.ioErr("expected an array element or ']'")
			}
			return Value{}, r.ioErr("expected ',' or ']' after array element")
		case c == ']':
			r.pos++
			if expect && count[depth-1] == 0 {
				// "[]": an empty dimension.
				if rank < 0 {
					rank = depth
				} else if depth != rank {
					return Value{}, r.errf(off, "array elements have different shapes: empty array at depth %d but elements are at depth %d", depth, rank)
				}
			}
			d := depth - 1
			if shape[d] < 0 {
				shape[d] = count[d]
			} else if shape[d] != count[d] {
				return Value{}, r.errf(off, "array elements have different shapes: row has %d elements but an earlier row has %d", count[d], shape[d])
			}
			depth--
			if depth == 0 {
				if !sawElem {
					if !typed {
						return Value{}, r.errf(off, "empty array '[]' has no element type; use empty([0]t)")
					}
				}
				if rank != len(shape) {
					// Cannot happen: rank is set before the outermost ']'.
					return Value{}, r.errf(off, "internal error: inconsistent rank")
				}
				return Value{Type: b.t, Shape: shape, Data: b.data()}, nil
			}
			count[depth-1]++
			expect = false
		case c == ',':
			if expect {
				return Value{}, r.errf(off, "expected an array element or ']' but found ','")
			}
			r.pos++
			expect = true
		case !expect:
			return Value{}, r.errf(off, "expected ',' or ']' after array element but found %s", r.describe())
		case c == '[':
			r.pos++
			if err := open(off); err != nil {
				return Value{}, err
			}
		default:
			if rank < 0 {
				rank = depth
				if wantRank >= 0 && rank != wantRank {
					return Value{}, r.errf(off, "expected a value of rank %d but found an array of rank %d", wantRank, rank)
				}
			} else if depth != rank {
				return Value{}, r.errf(off, "array elements have different shapes: expected '[' at depth %d but found %s", depth, r.describe())
			}
			tok, err := r.token()
			if err != nil {
				return Value{}, err
			}
			if len(tok) == 0 {
				return Value{}, r.errf(off, "expected an array element but found %s", r.describe())
			}
			t, bits, msg := r.parseLit(tok, b.t, hasWant)
			if msg != "" {
				return Value{}, r.errf(off, "%s", msg)
			}
			if typed && t != b.t {
				return Value{}, r.errf(off, "array elements have different types: %s and %s", b.t, t)
			}
			if !typed {
				b.t = t
				typed = true
			}
			b.add(bits)
			if b.n++; r.limit > 0 && b.n*int64(b.t.Size()) > r.limit {
				return Value{}, r.errf(off, "%v", CheckAlloc(b.n*int64(b.t.Size()), r.limit, "a textual "+b.t.String()+" array"))
			}
			sawElem = true
			count[depth-1]++
			expect = false
		}
	}
}

// readEmpty parses the rest of "empty([d1]...[dn]t)" after "empty".
func (r *Reader) readEmpty(start int64, want PrimType, hasWant bool) (Value, error) {
	expectByte := func(ch byte, what string) error {
		r.skipSpace()
		off := r.Offset()
		c := r.peek()
		if c < 0 {
			return r.ioErr("expected " + what)
		}
		if c != int(ch) {
			return r.errf(off, "expected %s but found %s", what, r.describe())
		}
		r.pos++
		return nil
	}
	if err := expectByte('(', "'(' after 'empty'"); err != nil {
		return Value{}, err
	}
	var shape []int64
	for {
		r.skipSpace()
		c := r.peek()
		if c != '[' {
			break
		}
		if len(shape) >= MaxRank {
			return Value{}, r.errf(r.Offset(), "array rank exceeds %d", MaxRank)
		}
		r.pos++
		r.skipSpace()
		off := r.Offset()
		tok, err := r.token()
		if err != nil {
			return Value{}, err
		}
		if len(tok) == 0 {
			return Value{}, r.errf(off, "expected a dimension size but found %s", r.describe())
		}
		d, ok := parseDim(tok)
		if !ok {
			return Value{}, r.errf(off, "invalid dimension size %s", quoteTok(tok))
		}
		shape = append(shape, d)
		if err := expectByte(']', "']' after dimension size"); err != nil {
			return Value{}, err
		}
	}
	if len(shape) == 0 {
		return Value{}, r.errf(r.Offset(), "expected '[' (a dimension) in empty(...) but found %s", r.describe())
	}
	r.skipSpace()
	off := r.Offset()
	tok, err := r.token()
	if err != nil {
		return Value{}, err
	}
	if len(tok) == 0 {
		return Value{}, r.errf(off, "expected an element type but found %s", r.describe())
	}
	t, ok := ParsePrimType(string(tok))
	if !ok {
		return Value{}, r.errf(off, "unknown type %s", quoteTok(tok))
	}
	if hasWant && t != want {
		return Value{}, r.errf(off, "expected element type %s but found %s", want, t)
	}
	if err := expectByte(')', "')' after empty array type"); err != nil {
		return Value{}, err
	}
	n, ok := shapeCount(shape)
	if !ok {
		return Value{}, r.errf(start, "the shape %s has more than 2^63 elements", ShapeString(shape))
	}
	if n != 0 {
		return Value{}, r.errf(start, "empty array must have a zero dimension, but shape is %s", ShapeString(shape))
	}
	return Value{Type: t, Shape: shape, Data: makeData(t, 0)}, nil
}

// parseDim parses a non-negative decimal dimension (underscores allowed).
func parseDim(tok []byte) (int64, bool) {
	var n int64
	digits := 0
	for _, c := range tok {
		switch {
		case c == '_':
		case c >= '0' && c <= '9':
			if n > (math.MaxInt64-int64(c-'0'))/10 {
				return 0, false
			}
			n = n*10 + int64(c-'0')
			digits++
		default:
			return 0, false
		}
	}
	return n, digits > 0
}

// Canonical NaN bit patterns.
const (
	nan16 = 0x7e00
	nan32 = 0x7fc00000
	nan64 = 0x7ff8000000000000
)

// special float literals.
var specials = []struct {
	s    string
	t    PrimType
	bits uint64
}{
	{"f16.nan", F16, nan16}, {"f32.nan", F32, nan32}, {"f64.nan", F64, nan64},
	{"f16.inf", F16, 0x7c00}, {"f32.inf", F32, 0x7f800000}, {"f64.inf", F64, 0x7ff0000000000000},
	{"-f16.inf", F16, 0xfc00}, {"-f32.inf", F32, 0xff800000}, {"-f64.inf", F64, 0xfff0000000000000},
}

// parseLit parses one scalar literal token. When hasWant is set, the
// literal must be unsuffixed or have suffix want, and unsuffixed literals
// get type want. It returns the type, the element bits and, on failure, a
// non-empty error message.
func (r *Reader) parseLit(tok []byte, want PrimType, hasWant bool) (PrimType, uint64, string) {
	if tok[0] == 't' || tok[0] == 'f' {
		if string(tok) == "true" || string(tok) == "false" {
			if hasWant && want != Bool {
				return want, 0, fmt.Sprintf("expected %s but found boolean %s", what(want), quoteTok(tok))
			}
			if tok[0] == 't' {
				return Bool, 1, ""
			}
			return Bool, 0, ""
		}
	}
	if len(tok) >= 7 && (tok[0] == 'f' || tok[0] == '-' && tok[1] == 'f') {
		for _, sp := range specials {
			if string(tok) == sp.s {
				if hasWant && want != sp.t {
					return want, 0, fmt.Sprintf("expected %s but found %s literal %s", what(want), sp.t, quoteTok(tok))
				}
				return sp.t, sp.bits, ""
			}
		}
	}
	s := tok
	neg := false
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		s = s[1:]
	}
	base := 10
	isFloat := false
	i := 0
	digits := 0
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base = 16
		i = 2
		for ; i < len(s); i++ {
			c := s[i]
			if c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' {
				digits++
			} else if c != '_' {
				break
			}
		}
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base = 2
		i = 2
		for ; i < len(s); i++ {
			c := s[i]
			if c == '0' || c == '1' {
				digits++
			} else if c != '_' {
				break
			}
		}
	default:
		for ; i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_'); i++ {
			if s[i] != '_' {
				digits++
			}
		}
		if i < len(s) && s[i] == '.' {
			isFloat = true
			i++
			for ; i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_'); i++ {
				if s[i] != '_' {
					digits++
				}
			}
		}
		if digits > 0 && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			ed := 0
			for ; j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '_'); j++ {
				if s[j] != '_' {
					ed++
				}
			}
			if ed > 0 {
				isFloat = true
				i = j
			}
		}
	}
	if digits == 0 {
		if hasWant {
			return want, 0, fmt.Sprintf("expected %s but found %s", what(want), quoteTok(tok))
		}
		return want, 0, fmt.Sprintf("expected a value but found %s", quoteTok(tok))
	}
	num := tok[:len(tok)-len(s)+i] // sign and number, without suffix
	suffix := s[i:]
	var t PrimType
	if len(suffix) > 0 {
		st, ok := ParsePrimType(string(suffix))
		if !ok || st == Bool {
			if looksLikeSuffix(suffix) {
				return want, 0, fmt.Sprintf("unknown type suffix '%s' in %s", suffix, quoteTok(tok))
			}
			return want, 0, fmt.Sprintf("invalid literal %s", quoteTok(tok))
		}
		if hasWant && st != want {
			return want, 0, fmt.Sprintf("expected %s but found %s literal %s", what(want), st, quoteTok(tok))
		}
		t = st
	} else if hasWant {
		t = want
	} else if isFloat {
		t = F64
	} else {
		t = I32
	}
	switch {
	case t == Bool:
		return t, 0, fmt.Sprintf("expected bool but found %s", quoteTok(tok))
	case t.IsInt():
		if isFloat {
			return t, 0, fmt.Sprintf("expected %s but found decimal literal %s", what(t), quoteTok(tok))
		}
		mag, ok := parseMag(s[:i], base)
		if ok {
			var bits uint64
			if bits, ok = fitInt(mag, neg, t); ok {
				return t, bits, ""
			}
		}
		return t, 0, fmt.Sprintf("integer %s out of range for %s", num, t)
	default: // float
		if base != 10 {
			mag, ok := parseMag(s[:i], base)
			if !ok {
				return t, 0, fmt.Sprintf("literal %s out of range for %s", num, t)
			}
			f := float64(mag)
			if neg {
				f = -f
			}
			switch t {
			case F16:
				return t, uint64(f16FromFloat64(f)), ""
			case F32:
				f32 := float32(mag)
				if neg {
					f32 = -f32
				}
				return t, uint64(math.Float32bits(f32)), ""
			}
			return t, math.Float64bits(f), ""
		}
		clean := num
		if bytes.IndexByte(num, '_') >= 0 {
			r.clean = r.clean[:0]
			for _, c := range num {
				if c != '_' {
					r.clean = append(r.clean, c)
				}
			}
			clean = r.clean
		}
		// The string does not outlive this call; ParseFloat only retains
		// its argument in the error, which is discarded.
		str := unsafe.String(unsafe.SliceData(clean), len(clean))
		switch t {
		case F32:
			f, err := strconv.ParseFloat(str, 32)
			if err != nil && !isRangeErr(err) {
				return t, 0, fmt.Sprintf("invalid float literal %s", quoteTok(tok))
			}
			return t, uint64(math.Float32bits(float32(f))), ""
		default:
			f, err := strconv.ParseFloat(str, 64)
			if err != nil && !isRangeErr(err) {
				return t, 0, fmt.Sprintf("invalid float literal %s", quoteTok(tok))
			}
			if t == F16 {
				return t, uint64(f16FromFloat64(f)), ""
			}
			return t, math.Float64bits(f), ""
		}
	}
}

func isRangeErr(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && ne.Err == strconv.ErrRange
}

// what names a type in "expected ..." messages.
func what(t PrimType) string {
	if t == Bool {
		return "bool"
	}
	return "a value of type " + t.String()
}

// looksLikeSuffix reports whether s has the form [iuf][0-9]+.
func looksLikeSuffix(s []byte) bool {
	if len(s) < 2 || (s[0] != 'i' && s[0] != 'u' && s[0] != 'f') {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseMag parses an unsigned integer in the given base, with an optional
// 0x/0b prefix and underscores, reporting overflow of uint64.
func parseMag(s []byte, base int) (uint64, bool) {
	if base != 10 {
		s = s[2:]
	}
	var n uint64
	for _, c := range s {
		var d uint64
		switch {
		case c == '_':
			continue
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		}
		if n > (math.MaxUint64-d)/uint64(base) {
			return 0, false
		}
		n = n*uint64(base) + d
	}
	return n, true
}

// fitInt checks that the integer with magnitude mag and sign neg fits in
// type t and returns its two's complement bits.
func fitInt(mag uint64, neg bool, t PrimType) (uint64, bool) {
	// As Futhark's reader does, a literal of either signedness's range
	// is taken as its bit pattern: 255i8 is -1i8 and -1u8 is 255u8.
	// Beyond both ranges (300u8, -129i8) it is an error.
	bits := uint(t.bits())
	var v uint64
	if neg {
		if mag > 1<<(bits-1) {
			return 0, false
		}
		v = -mag
	} else {
		if bits < 64 && mag >= 1<<bits {
			return 0, false
		}
		v = mag
	}
	if bits < 64 {
		v &= 1<<bits - 1
		if t.IsSigned() && v&(1<<(bits-1)) != 0 {
			v |= ^uint64(0) << bits
		}
	}
	return v, true
}

// readFull reads exactly len(p) bytes, first from the buffer, then from
// the underlying reader (directly for large reads).
func (r *Reader) readFull(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if r.pos < r.end {
			c := copy(p[n:], r.buf[r.pos:r.end])
			r.pos += c
			n += c
			continue
		}
		if r.rerr != nil {
			return n, r.rerr
		}
		if len(p)-n >= len(r.buf)/2 {
			// Bypass the buffer; keep Offset consistent.
			r.base += int64(r.pos)
			r.pos, r.end = 0, 0
			m, err := io.ReadFull(r.rd, p[n:])
			if m < 0 || m > len(p)-n {
				r.rerr = errors.New("values: invalid Read count")
				return n, r.rerr
			}
			n += m
			r.base += int64(m)
			if err != nil {
				if err == io.ErrUnexpectedEOF {
					err = io.EOF
				}
				r.rerr = err
			}
			continue
		}
		r.fill()
	}
	return n, nil
}

// readBinary reads one value in the binary format.
func (r *Reader) readBinary() (Value, error) {
	start := r.Offset()
	var hdr [7]byte
	if n, err := r.readFull(hdr[:]); err != nil {
		if err != io.EOF {
			return Value{}, fmt.Errorf("values: read error at byte %d: %w", r.Offset(), err)
		}
		if n < 2 {
			return Value{}, binErrf(start, "truncated header, missing version")
		}
		if hdr[1] != 2 {
			return Value{}, binErrf(start+1, "unsupported version %d", hdr[1])
		}
		return Value{}, binErrf(start, "truncated header, expected 7 bytes but found %d", n)
	}
	if hdr[1] != 2 {
		return Value{}, binErrf(start+1, "unsupported version %d", hdr[1])
	}
	rank := int(int8(hdr[2]))
	if rank < 0 {
		return Value{}, binErrf(start+2, "invalid rank %d", rank)
	}
	t := PrimType(255)
	for i, bn := range binNames {
		if bn == string(hdr[3:7]) {
			t = PrimType(i)
		}
	}
	if t == 255 {
		return Value{}, binErrf(start+3, "unknown element type %q", hdr[3:7])
	}
	var dimBuf [8 * MaxRank]byte
	dims := dimBuf[:8*rank]
	if n, err := r.readFull(dims); err != nil {
		if err != io.EOF {
			return Value{}, fmt.Errorf("values: read error at byte %d: %w", r.Offset(), err)
		}
		return Value{}, binErrf(start+7, "truncated shape, expected %d bytes but found %d", len(dims), n)
	}
	var shape []int64
	if rank > 0 {
		shape = make([]int64, rank)
	}
	for i := range shape {
		shape[i] = int64(binary.LittleEndian.Uint64(dims[8*i:]))
		if shape[i] < 0 {
			return Value{}, binErrf(start+7+8*int64(i), "negative dimension %d", shape[i])
		}
	}
	count, ok := shapeCount(shape)
	if !ok {
		return Value{}, binErrf(start+7, "the shape %s has more than 2^63 elements", ShapeString(shape))
	}
	size := int64(t.Size())
	if count > math.MaxInt64/size || count*size > int64(math.MaxInt)/2 {
		return Value{}, binErrf(start+7, "the shape %s needs more than 2^62 bytes", ShapeString(shape))
	}
	if err := CheckAlloc(count*size, r.limit, "a "+ShapeString(shape)+t.String()+" value"); err != nil {
		return Value{}, binErrf(start+7, "%v", err)
	}
	dataStart := r.Offset()
	data, err := r.readPayload(t, count)
	if err != nil {
		if err == io.EOF {
			return Value{}, binErrf(dataStart, "truncated data, expected %d bytes but found %d", count*size, r.Offset()-dataStart)
		}
		return Value{}, fmt.Errorf("values: read error at byte %d: %w", r.Offset(), err)
	}
	return Value{Type: t, Shape: shape, Data: data}, nil
}

// readPayload reads count little-endian elements of type t. Memory grows
// with the data actually received, so a huge claimed shape on a short
// input fails without a huge allocation.
func (r *Reader) readPayload(t PrimType, count int64) (any, error) {
	le := binary.LittleEndian
	switch t {
	case Bool:
		return readElems(r, count, 1, func(d []bool, p []byte) {
			for i := range d {
				d[i] = p[i] != 0
			}
		})
	case I8:
		return readElems(r, count, 1, func(d []int8, p []byte) {
			for i := range d {
				d[i] = int8(p[i])
			}
		})
	case U8:
		return readElems(r, count, 1, func(d []uint8, p []byte) { copy(d, p) })
	case I16:
		return readElems(r, count, 2, func(d []int16, p []byte) {
			for i := range d {
				d[i] = int16(le.Uint16(p[2*i:]))
			}
		})
	case U16, F16:
		return readElems(r, count, 2, func(d []uint16, p []byte) {
			for i := range d {
				d[i] = le.Uint16(p[2*i:])
			}
		})
	case I32:
		return readElems(r, count, 4, func(d []int32, p []byte) {
			for i := range d {
				d[i] = int32(le.Uint32(p[4*i:]))
			}
		})
	case U32:
		return readElems(r, count, 4, func(d []uint32, p []byte) {
			for i := range d {
				d[i] = le.Uint32(p[4*i:])
			}
		})
	case F32:
		return readElems(r, count, 4, func(d []float32, p []byte) {
			for i := range d {
				d[i] = math.Float32frombits(le.Uint32(p[4*i:]))
			}
		})
	case I64:
		return readElems(r, count, 8, func(d []int64, p []byte) {
			for i := range d {
				d[i] = int64(le.Uint64(p[8*i:]))
			}
		})
	case U64:
		return readElems(r, count, 8, func(d []uint64, p []byte) {
			for i := range d {
				d[i] = le.Uint64(p[8*i:])
			}
		})
	case F64:
		return readElems(r, count, 8, func(d []float64, p []byte) {
			for i := range d {
				d[i] = math.Float64frombits(le.Uint64(p[8*i:]))
			}
		})
	}
	return nil, errors.New("values: invalid type")
}

// readElems reads count elements of size bytes each, decoding each chunk
// with dec. The result grows with the data received (see readPayload).
func readElems[T any](r *Reader, count int64, size int, dec func(dst []T, src []byte)) ([]T, error) {
	if r.chunk == nil {
		r.chunk = make([]byte, binChunk)
	}
	per := len(r.chunk) / size
	out := make([]T, 0, int(min(count, int64(4*per))))
	for left := count; left > 0; {
		n := int(min(left, int64(per)))
		p := r.chunk[:n*size]
		if _, err := r.readFull(p); err != nil {
			return nil, err
		}
		if cap(out)-len(out) < n {
			// Grow geometrically but never beyond the claimed count.
			want := int(min(count, int64(2*cap(out)+n)))
			grown := make([]T, len(out), want)
			copy(grown, out)
			out = grown
		}
		l := len(out)
		out = out[:l+n]
		dec(out[l:], p)
		left -= int64(n)
	}
	return out, nil
}
