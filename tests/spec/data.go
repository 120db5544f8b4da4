package spec

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// RandomSeed is the seed of the first value of a random input; the k-th
// value uses RandomSeed+k, as futhark dataset seeds its -g options. A
// fixed seed makes every run of a random case (interpreted, compiled,
// benchmarked) see the same data.
const RandomSeed = 1

// ReadValues reads every value in data, which may mix the text and binary
// formats.
func ReadValues(data []byte) ([]values.Value, error) {
	r := values.NewReader(bytes.NewReader(data))
	var vs []values.Value
	for {
		v, err := r.Read()
		if err == io.EOF {
			return vs, nil
		}
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
}

// ReadDataFile reads a data file, decompressing it when its name ends in
// ".gz". The file, or what it inflates to, may take at most the memory
// limit (values.MemoryLimit); a compressed file is inflated as a stream
// and read value by value, so that a value whose header declares more
// than the limit fails before its data is inflated, and inflated bytes
// beyond what the values need are an error, not read whole first.
func ReadDataFile(path string) ([]byte, error) {
	limit, err := values.MemoryLimit()
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = math.MaxInt64 - 1
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	} else if fi.Size() > limit {
		return nil, fmt.Errorf("%s: %v", path, values.CheckAlloc(fi.Size(), limit, "the data file"))
	}
	if !strings.HasSuffix(path, ".gz") {
		return io.ReadAll(f)
	}
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	defer zr.Close()
	var out bytes.Buffer
	lr := &io.LimitedReader{R: zr, N: limit + 1}
	r := values.NewReader(io.TeeReader(lr, &out))
	r.SetMemoryLimit(limit)
	for {
		_, err := r.Read()
		if lr.N <= 0 {
			return nil, fmt.Errorf("%s: inflates to more than the memory limit of %d bytes (physical memory, or $%s)", path, limit, values.MemoryLimitEnv)
		}
		if err == io.EOF {
			return out.Bytes(), nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s (inflated): %v", path, err)
		}
	}
}

// InputData returns what the case feeds a program on standard input;
// dir is the program's folder, against which file names are resolved.
// Random inputs are generated here (in the binary format, which is
// compact and exact).
func (c *Case) InputData(dir string) ([]byte, error) {
	switch c.Input.Kind {
	case InputValues:
		return []byte(c.Input.Text), nil
	case InputFile:
		return ReadDataFile(filepath.Join(dir, c.Input.File))
	case InputRandom:
		// The data is held twice (the generated value and its encoding):
		// refuse at once what cannot fit, rather than dying of it.
		limit, err := values.MemoryLimit()
		if err != nil {
			return nil, err
		}
		var total int64
		for _, g := range c.Input.Random {
			_, n, err := values.ShapeBytes(g.Type, g.Shape)
			if err != nil {
				return nil, fmt.Errorf("random input %s: %v", g, err)
			}
			total += n
			if total > limit/2 && limit > 0 {
				return nil, fmt.Errorf("random input %s: %v", g, values.CheckAlloc(2*total, limit, "the random input (generated and encoded)"))
			}
		}
		var b bytes.Buffer
		for k, g := range c.Input.Random {
			if err := values.WriteBinary(&b, Generate(g, RandomSeed+uint64(k), DefaultBounds())); err != nil {
				return nil, err
			}
		}
		return b.Bytes(), nil
	}
	// A script input is evaluated against the compiled program in server
	// mode (fcc test does so, see cmd/fcc/script.go).
	return nil, fmt.Errorf("a script input (FutharkScript) must be evaluated against the compiled program (as fcc test, bench and autotune do)")
}

// ExpectedData returns the expected output of an ExpectValues or
// ExpectFile case.
func (c *Case) ExpectedData(dir string) ([]byte, error) {
	switch c.Expected.Kind {
	case ExpectValues:
		return []byte(c.Expected.Text), nil
	case ExpectFile:
		return ReadDataFile(filepath.Join(dir, c.Expected.File))
	}
	return nil, fmt.Errorf("the case has no expected values")
}

// ReadExpected decodes expected values. As in an entry point's input,
// literals without a type suffix take the type of the corresponding
// actual result ("[1, 2]" matches an f32 array), so expected outputs can
// be written as loosely as inputs; when that fails the values are read
// with their own types, and Compare reports the difference.
func ReadExpected(data []byte, actual []values.Value) ([]values.Value, error) {
	plain, err := ReadValues(data)
	if err != nil {
		return nil, err
	}
	r := values.NewReader(bytes.NewReader(data))
	typed := make([]values.Value, 0, len(plain))
	for i := range plain {
		if i >= len(actual) {
			return plain, nil
		}
		v, err := r.ReadAs(actual[i].Type, actual[i].Rank())
		if err != nil {
			return plain, nil
		}
		typed = append(typed, v)
	}
	return typed, nil
}

// Tolerance is the relative difference futhark test allows between
// expected and actual floating-point values. Values below 1 in magnitude
// may differ by Tolerance absolutely, since relative error means little
// near zero (sums that cancel, for instance).
const Tolerance = 0.002

// Mismatch describes the first difference between expected and actual
// values.
type Mismatch struct {
	Value            int     // which value (result) differs, from 0
	Index            []int64 // the first differing element's index; nil for scalars and whole-value differences
	Msg              string  // what differs
	Expected, Actual string  // the whole values, in text format
}

// Error formats the difference on one line.
func (m *Mismatch) Error() string { return m.Msg }

// Compare checks actual results against expected values: the same number
// of values, types and shapes, integers and booleans equal, floats equal
// within Tolerance (NaN matches NaN, infinities must match exactly). It
// returns nil when they agree.
func Compare(expected, actual []values.Value) *Mismatch {
	if len(expected) != len(actual) {
		return &Mismatch{Value: -1, Msg: fmt.Sprintf("expected %d values, got %d", len(expected), len(actual)),
			Expected: joinValues(expected), Actual: joinValues(actual)}
	}
	for i := range expected {
		w, g := expected[i], actual[i]
		m := &Mismatch{Value: i, Expected: w.String(), Actual: g.String()}
		if w.Type != g.Type || w.Rank() != g.Rank() {
			m.Msg = fmt.Sprintf("value %d: expected type %s, got %s", i, w.TypeString(), g.TypeString())
			return m
		}
		if !equalShape(w.Shape, g.Shape) {
			m.Msg = fmt.Sprintf("value %d: expected shape %s, got %s", i, w.TypeString(), g.TypeString())
			return m
		}
		n := w.Len()
		for k := int64(0); k < n; k++ {
			a, b := element(w, k), element(g, k)
			if closeEnough(w.Type, a, b) {
				continue
			}
			if w.Rank() == 0 {
				m.Msg = fmt.Sprintf("value %d: expected %s, got %s", i, a, b)
			} else {
				m.Index = unflatten(k, w.Shape)
				m.Msg = fmt.Sprintf("value %d differs at index %s: expected %s, got %s", i, indexString(m.Index), a, b)
			}
			return m
		}
	}
	return nil
}

func joinValues(vs []values.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, " ")
}

func equalShape(a, b []int64) bool {
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

func unflatten(k int64, shape []int64) []int64 {
	idx := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = k % shape[d]
			k /= shape[d]
		}
	}
	return idx
}

func indexString(idx []int64) string {
	var b strings.Builder
	for _, i := range idx {
		fmt.Fprintf(&b, "[%d]", i)
	}
	return b.String()
}

// element returns the k-th element of v as a scalar value, for printing
// and comparing.
func element(v values.Value, k int64) string {
	s := values.NewArray(v.Type, nil)
	switch d := v.Data.(type) {
	case []bool:
		s.Data.([]bool)[0] = d[k]
	case []int8:
		s.Data.([]int8)[0] = d[k]
	case []int16:
		s.Data.([]int16)[0] = d[k]
	case []int32:
		s.Data.([]int32)[0] = d[k]
	case []int64:
		s.Data.([]int64)[0] = d[k]
	case []uint8:
		s.Data.([]uint8)[0] = d[k]
	case []uint16:
		s.Data.([]uint16)[0] = d[k]
	case []uint32:
		s.Data.([]uint32)[0] = d[k]
	case []uint64:
		s.Data.([]uint64)[0] = d[k]
	case []float32:
		s.Data.([]float32)[0] = d[k]
	case []float64:
		s.Data.([]float64)[0] = d[k]
	}
	return s.String()
}

// closeEnough compares two elements in text form: exactly, except for
// floats. The text form is exact for every type (floats print with the
// shortest digits that read back to the same bits), so this loses nothing.
func closeEnough(t values.PrimType, a, b string) bool {
	if a == b {
		return true
	}
	if !t.IsFloat() {
		return false
	}
	x, y := parseFloat(a, t), parseFloat(b, t)
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.IsNaN(x) && math.IsNaN(y)
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) {
		return x == y
	}
	return math.Abs(x-y) <= Tolerance*math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
}

func parseFloat(s string, t values.PrimType) float64 {
	s = strings.TrimSuffix(s, t.String())
	switch s {
	case t.String() + ".nan", "f16.nan", "f32.nan", "f64.nan":
		return math.NaN()
	}
	neg := strings.HasPrefix(s, "-")
	if strings.HasSuffix(s, ".inf") {
		if neg {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.NaN()
	}
	return x
}

// Bounds are the inclusive ranges of random values per type, as futhark
// dataset's --T-bounds options set them.
type Bounds struct {
	Ints   map[values.PrimType][2]int64
	Uints  map[values.PrimType][2]uint64
	Floats map[values.PrimType][2]float64
}

// DefaultBounds are futhark dataset's defaults: integers over their whole
// range, floats in [0, 1].
func DefaultBounds() Bounds {
	return Bounds{
		Ints: map[values.PrimType][2]int64{
			values.I8: {math.MinInt8, math.MaxInt8}, values.I16: {math.MinInt16, math.MaxInt16},
			values.I32: {math.MinInt32, math.MaxInt32}, values.I64: {math.MinInt64, math.MaxInt64},
		},
		Uints: map[values.PrimType][2]uint64{
			values.U8: {0, math.MaxUint8}, values.U16: {0, math.MaxUint16},
			values.U32: {0, math.MaxUint32}, values.U64: {0, math.MaxUint64},
		},
		Floats: map[values.PrimType][2]float64{values.F16: {0, 1}, values.F32: {0, 1}, values.F64: {0, 1}},
	}
}

// Clone returns a copy of b that can be changed without changing b.
func (b Bounds) Clone() Bounds {
	c := Bounds{Ints: map[values.PrimType][2]int64{}, Uints: map[values.PrimType][2]uint64{}, Floats: map[values.PrimType][2]float64{}}
	for k, v := range b.Ints {
		c.Ints[k] = v
	}
	for k, v := range b.Uints {
		c.Uints[k] = v
	}
	for k, v := range b.Floats {
		c.Floats[k] = v
	}
	return c
}

// Set parses "min:max" as the bounds of type t.
func (b Bounds) Set(t values.PrimType, s string) error {
	lo, hi, ok := strings.Cut(s, ":")
	bad := fmt.Errorf("invalid bounds for %s: %q (expected MIN:MAX)", t, s)
	if !ok {
		return bad
	}
	lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
	switch {
	case t.IsSigned():
		l, err1 := strconv.ParseInt(lo, 10, 8*t.Size())
		h, err2 := strconv.ParseInt(hi, 10, 8*t.Size())
		if err1 != nil || err2 != nil || l > h {
			return bad
		}
		b.Ints[t] = [2]int64{l, h}
	case t.IsUnsigned():
		l, err1 := strconv.ParseUint(lo, 10, 8*t.Size())
		h, err2 := strconv.ParseUint(hi, 10, 8*t.Size())
		if err1 != nil || err2 != nil || l > h {
			return bad
		}
		b.Uints[t] = [2]uint64{l, h}
	case t.IsFloat():
		l, err1 := strconv.ParseFloat(lo, 64)
		h, err2 := strconv.ParseFloat(hi, 64)
		if err1 != nil || err2 != nil || l > h || math.IsNaN(l) || math.IsNaN(h) {
			return bad
		}
		b.Floats[t] = [2]float64{l, h}
	default:
		return fmt.Errorf("type %s has no bounds", t)
	}
	return nil
}

// Generate makes the value g describes: g's constant, or uniformly random
// elements within the bounds of its type, drawn from a generator seeded
// with seed (the same seed always gives the same value).
func Generate(g GenValue, seed uint64, b Bounds) values.Value {
	if g.Value != nil {
		return *g.Value
	}
	v := values.NewArray(g.Type, g.Shape)
	fillRandom(newRand(seed), g.Type, v.Data, b)
	return v
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x66636320)) }

// GenerateStream makes the value g describes as Generate does, passing
// its elements to emit in order, as one-dimensional arrays of at most
// chunk elements, without ever holding more: for values larger than the
// memory. The elements are those of Generate(g, seed, b).
func GenerateStream(g GenValue, seed uint64, b Bounds, chunk int64, emit func(values.Value) error) error {
	if g.Value != nil {
		v := *g.Value
		return emit(values.Value{Type: v.Type, Shape: []int64{1}, Data: v.Data})
	}
	n, _, err := values.ShapeBytes(g.Type, g.Shape)
	if err != nil {
		return err
	}
	r := newRand(seed)
	for done := int64(0); done < n; {
		k := min(chunk, n-done)
		v := values.NewArray(g.Type, []int64{k})
		fillRandom(r, g.Type, v.Data, b)
		if err := emit(v); err != nil {
			return err
		}
		done += k
	}
	return nil
}

// fillRandom sets every element of data (a Value's Data of type t) to a
// random value within b's bounds for t, drawn from r.
func fillRandom(r *rand.Rand, t values.PrimType, data any, b Bounds) {
	switch d := data.(type) {
	case []bool:
		for i := range d {
			d[i] = r.Uint64()&1 == 1
		}
	case []int8:
		for i := range d {
			d[i] = int8(randInt(r, b.Ints[t]))
		}
	case []int16:
		for i := range d {
			d[i] = int16(randInt(r, b.Ints[t]))
		}
	case []int32:
		for i := range d {
			d[i] = int32(randInt(r, b.Ints[t]))
		}
	case []int64:
		for i := range d {
			d[i] = randInt(r, b.Ints[t])
		}
	case []uint8:
		for i := range d {
			d[i] = uint8(randUint(r, b.Uints[t]))
		}
	case []uint16:
		if t == values.F16 {
			for i := range d {
				d[i] = values.F16FromFloat32(float32(randFloat(r, b.Floats[t])))
			}
			break
		}
		for i := range d {
			d[i] = uint16(randUint(r, b.Uints[t]))
		}
	case []uint32:
		for i := range d {
			d[i] = uint32(randUint(r, b.Uints[t]))
		}
	case []uint64:
		for i := range d {
			d[i] = randUint(r, b.Uints[t])
		}
	case []float32:
		for i := range d {
			d[i] = float32(randFloat(r, b.Floats[t]))
		}
	case []float64:
		for i := range d {
			d[i] = randFloat(r, b.Floats[t])
		}
	}
}

func randInt(r *rand.Rand, lh [2]int64) int64 {
	span := uint64(lh[1]) - uint64(lh[0])
	if span == math.MaxUint64 {
		return int64(r.Uint64())
	}
	return lh[0] + int64(r.Uint64N(span+1))
}

func randUint(r *rand.Rand, lh [2]uint64) uint64 {
	span := lh[1] - lh[0]
	if span == math.MaxUint64 {
		return r.Uint64()
	}
	return lh[0] + r.Uint64N(span+1)
}

func randFloat(r *rand.Rand, lh [2]float64) float64 {
	return lh[0] + r.Float64()*(lh[1]-lh[0])
}
