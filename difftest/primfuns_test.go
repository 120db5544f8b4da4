package difftest

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// The primitive functions and operators of every type on special values
// (zeros of both signs, subnormals, the smallest normal, the largest
// finite, infinities, NaN, integer extremes, halfway cases of f16
// rounding), interpreted and compiled: one program whose entry points
// apply every function to arrays of those values (binary and ternary
// functions to all their pairs and triples), built once and run on the
// machine's OpenCL device. Results must agree bit for bit, any NaN
// matching any NaN, except where OpenCL lets its built-in be off by some
// ulp (primTolerance).

// primOp is one result of an entry point: the Futhark expression applied
// elementwise and the function it tests.
type primOp struct {
	fn   string // the name tolerances are looked up by
	expr string // a function of the entry's element parameters
}

// primEntry is one entry point: its parameter arrays' element types, its
// input arrays and its results.
type primEntry struct {
	name   string
	params []values.PrimType
	inputs []values.Value
	ops    []primOp
}

func (e *primEntry) source() string {
	var b strings.Builder
	names := []string{"a", "b", "c"}
	fmt.Fprintf(&b, "entry %s [n]", e.name)
	for i, t := range e.params {
		fmt.Fprintf(&b, " (%ss: [n]%s)", names[i], t)
	}
	b.WriteString(" =\n  (")
	for i, op := range e.ops {
		if i > 0 {
			b.WriteString(",\n   ")
		}
		// map over the zipped parameters with a lambda of the elements.
		fmt.Fprintf(&b, "map%s (\\", map[int]string{1: "", 2: "2", 3: "3"}[len(e.params)])
		for j := range e.params {
			fmt.Fprintf(&b, "%s ", names[j])
		}
		fmt.Fprintf(&b, "-> %s)", op.expr)
		for j := range e.params {
			fmt.Fprintf(&b, " %ss", names[j])
		}
	}
	b.WriteString(")\n")
	return b.String()
}

var primFloatTypes = []values.PrimType{values.F16, values.F32, values.F64}
var primIntTypes = []values.PrimType{values.I8, values.I16, values.I32, values.I64, values.U8, values.U16, values.U32, values.U64}

// specialFloats are the special values of a float type, as float64s
// (each exact in the type, or rounded to it by FloatValue).
func specialFloats(t values.PrimType) []float64 {
	var minSub, maxSub, minNorm, max, nearOverflow float64
	switch t {
	case values.F16:
		minSub, maxSub, minNorm, max, nearOverflow = 0x1p-24, 0x3ffp-24, 0x1p-14, 65504, 11.089
	case values.F32:
		minSub, maxSub, minNorm, max, nearOverflow = 0x1p-149, 0x7fffffp-149, 0x1p-126, math.MaxFloat32, 88.72283
	default:
		minSub, maxSub, minNorm, max, nearOverflow = 0x1p-1074, 0xfffffffffffffp-1074, 0x1p-1022, math.MaxFloat64, 709.782712893384
	}
	xs := []float64{0, minSub, maxSub, minNorm, 0.5, 1, 1.5, 2, 2.5, 10, 0.1, 1e-3, math.Pi, math.Pi / 2, nearOverflow, max, math.Inf(1)}
	var out []float64
	for _, x := range xs {
		out = append(out, x, -x)
	}
	return append(out, math.NaN())
}

// specialInts are the special values of an integer type: zero, ±1, ±2,
// shifts' widths, the extremes and their neighbours.
func specialInts(t values.PrimType) []int64 {
	w := int64(8 * t.Size())
	out := []int64{0, 1, 2, 3, 7, w - 1, w, w + 1, 100, -1, -2, -7}
	if t.IsSigned() {
		minV := int64(-1) << (w - 1)
		return append(out, minV, minV+1, ^minV, ^minV-1)
	}
	return append(out, int64(^uint64(0)>>(64-w)), int64(^uint64(0)>>(64-w+1)))
}

func floatArray(t values.PrimType, xs []float64) values.Value {
	v := values.NewArray(t, []int64{int64(len(xs))})
	for i, x := range xs {
		b := soac.FloatValue(t, x).Bits
		switch d := v.Data.(type) {
		case []uint16:
			d[i] = uint16(b)
		case []float32:
			d[i] = math.Float32frombits(uint32(b))
		case []float64:
			d[i] = math.Float64frombits(b)
		}
	}
	return v
}

func intArray(t values.PrimType, xs []int64) values.Value {
	v := values.NewArray(t, []int64{int64(len(xs))})
	for i, x := range xs {
		setElem(v, int64(i), x)
	}
	return v
}

// elemBits is element i of a one-dimensional array as its bits.
func elemBits(v values.Value, i int) uint64 {
	switch d := v.Data.(type) {
	case []bool:
		if d[i] {
			return 1
		}
		return 0
	case []int8:
		return uint64(uint8(d[i]))
	case []int16:
		return uint64(uint16(d[i]))
	case []int32:
		return uint64(uint32(d[i]))
	case []int64:
		return uint64(d[i])
	case []uint8:
		return uint64(d[i])
	case []uint16:
		return uint64(d[i])
	case []uint32:
		return uint64(d[i])
	case []uint64:
		return d[i]
	case []float32:
		return uint64(math.Float32bits(d[i]))
	case []float64:
		return math.Float64bits(d[i])
	}
	panic(fmt.Sprintf("elemBits: %T", v.Data))
}

// pairs returns the arrays of all (x, y) pairs of xs, and triples those
// of all (x, y, z) triples.
func pairs[T any](xs []T) (as, bs []T) {
	for _, x := range xs {
		for _, y := range xs {
			as, bs = append(as, x), append(bs, y)
		}
	}
	return as, bs
}

func triples[T any](xs []T) (as, bs, cs []T) {
	for _, x := range xs {
		for _, y := range xs {
			for _, z := range xs {
				as, bs, cs = append(as, x), append(bs, y), append(cs, z)
			}
		}
	}
	return as, bs, cs
}

var floatUnary = []string{"sqrt", "cbrt", "exp", "log", "log2", "log10", "log1p",
	"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
	"asinh", "acosh", "atanh", "gamma", "lgamma", "erf", "erfc",
	"floor", "ceil", "round", "trunc", "abs", "neg", "sgn", "isnan", "isinf", "to_bits",
	"rsqrt", "sinpi", "cospi", "tanpi", "asinpi", "acospi", "atanpi"}

var floatBinary = []string{"atan2", "hypot", "copysign", "nextafter", "atan2pi", "min", "max", "pow", "+", "-", "*", "/", "%"}

// primEntries builds the entry points of the test program.
func primEntries() []*primEntry {
	var es []*primEntry
	for _, t := range primFloatTypes {
		xs := specialFloats(t)
		un := &primEntry{name: "un_" + t.String(), params: []values.PrimType{t}, inputs: []values.Value{floatArray(t, xs)}}
		for _, f := range floatUnary {
			un.ops = append(un.ops, primOp{f, fmt.Sprintf("%s.%s a", t, f)})
		}
		for _, to := range append(append([]values.PrimType(nil), primIntTypes...), primFloatTypes...) {
			if to != t {
				un.ops = append(un.ops, primOp{"conv", fmt.Sprintf("%s.%s a", to, t)})
			}
		}
		es = append(es, un)

		as, bs := pairs(xs)
		bin := &primEntry{name: "bin_" + t.String(), params: []values.PrimType{t, t}, inputs: []values.Value{floatArray(t, as), floatArray(t, bs)}}
		for _, f := range floatBinary {
			expr := fmt.Sprintf("%s.%s a b", t, f)
			switch f {
			case "pow":
				expr = "a ** b"
			case "+", "-", "*", "/", "%":
				expr = "a " + f + " b"
			}
			bin.ops = append(bin.ops, primOp{f, expr})
		}
		es = append(es, bin)

		// ldexp with exponents around the range's ends.
		exps := []int64{0, 1, -1, 24, -24, 149, -149, 1023, -1074, 2000, -2000}
		var lx []float64
		var le []int64
		for _, x := range xs {
			for _, e := range exps {
				lx, le = append(lx, x), append(le, e)
			}
		}
		es = append(es, &primEntry{name: "ldexp_" + t.String(), params: []values.PrimType{t, values.I32},
			inputs: []values.Value{floatArray(t, lx), intArray(values.I32, le)},
			ops:    []primOp{{"ldexp", fmt.Sprintf("%s.ldexp a b", t)}}})

		small := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 3, xs[1], xs[5], xs[len(xs)-3], math.Inf(1), math.Inf(-1), math.NaN()}
		as, bs, cs := triples(small)
		es = append(es, &primEntry{name: "tern_" + t.String(), params: []values.PrimType{t, t, t},
			inputs: []values.Value{floatArray(t, as), floatArray(t, bs), floatArray(t, cs)},
			ops:    []primOp{{"fma", fmt.Sprintf("%s.fma a b c", t)}, {"mad", fmt.Sprintf("%s.mad a b c", t)}, {"lerp", fmt.Sprintf("%s.lerp a b c", t)}}})
	}
	// Rounding to f16: halfway cases and their neighbours, the largest
	// finite f16 and the first value that rounds to infinity.
	var halves []float64
	for _, x := range []float64{1 + 0x1p-11, 1 + 3*0x1p-11, 1 + 0x1p-11 + 0x1p-40, 0x1p-25, 3 * 0x1p-25, 0x1p-25 + 0x1p-60, 65504, 65520, 65519.99, 0x1p-14 - 0x1p-25} {
		halves = append(halves, x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1)), -x)
	}
	for _, t := range []values.PrimType{values.F32, values.F64} {
		es = append(es, &primEntry{name: "tof16_" + t.String(), params: []values.PrimType{t},
			inputs: []values.Value{floatArray(t, halves)},
			ops:    []primOp{{"conv", "f16." + t.String() + " a"}}})
	}
	for _, t := range primIntTypes {
		xs := specialInts(t)
		un := &primEntry{name: "un_" + t.String(), params: []values.PrimType{t}, inputs: []values.Value{intArray(t, xs)}}
		for _, f := range []string{"popc", "clz", "ctz"} {
			un.ops = append(un.ops, primOp{f, fmt.Sprintf("%s.%s a", t, f)})
		}
		for _, to := range append(append([]values.PrimType(nil), primIntTypes...), primFloatTypes...) {
			if to != t {
				un.ops = append(un.ops, primOp{"conv", fmt.Sprintf("%s.%s a", to, t)})
			}
		}
		un.ops = append(un.ops, primOp{"neg", "-a"}, primOp{"abs", fmt.Sprintf("%s.abs a", t)}, primOp{"sgn", fmt.Sprintf("%s.sgn a", t)})
		es = append(es, un)

		// Divisors are non-zero: division by zero is an error in the
		// interpreter and undefined compiled.
		var as, bs []int64
		for _, x := range xs {
			for _, y := range xs {
				if y != 0 {
					as, bs = append(as, x), append(bs, y)
				}
			}
		}
		bin := &primEntry{name: "bin_" + t.String(), params: []values.PrimType{t, t}, inputs: []values.Value{intArray(t, as), intArray(t, bs)}}
		for _, op := range []string{"/", "%", "//", "%%", "<<", ">>", ">>>", "*", "+", "-", "&", "|", "^"} {
			bin.ops = append(bin.ops, primOp{op, "a " + op + " b"})
		}
		bin.ops = append(bin.ops, primOp{"mul_hi", fmt.Sprintf("%s.mul_hi a b", t)}, primOp{"mad_hi", fmt.Sprintf("%s.mad_hi a b a", t)},
			primOp{"min", fmt.Sprintf("%s.min a b", t)}, primOp{"max", fmt.Sprintf("%s.max a b", t)})
		es = append(es, bin)
	}
	return es
}

// primTolerance is how many ulp a compiled result of a float function may
// be from the interpreter's: OpenCL's bound for the built-in (single
// precision; double precision's are no larger), plus one for the
// interpreter's own rounding. f16 functions are computed in float and
// rounded to f16, which can land one f16 ulp off. Zero means bit for bit.
func primTolerance(fn string, t values.PrimType) uint64 {
	bound := map[string]uint64{
		"sqrt": 3, "cbrt": 2, "exp": 3, "log": 3, "log2": 3, "log10": 3, "log1p": 2,
		"sin": 4, "cos": 4, "tan": 5, "asin": 4, "acos": 4, "atan": 5, "atan2": 6,
		"sinh": 4, "cosh": 4, "tanh": 5, "asinh": 4, "acosh": 4, "atanh": 5,
		"gamma": 16, "lgamma": 16, "erf": 16, "erfc": 16, "pow": 16, "hypot": 4,
		"rsqrt": 2, "sinpi": 4, "cospi": 4, "tanpi": 6, "asinpi": 5, "acospi": 5, "atanpi": 5, "atan2pi": 6,
		"/": 0,
	}[fn]
	switch {
	case bound == 0:
		return 0
	case t == values.F16:
		return 1
	}
	return bound + 1
}

// floatDistance is the number of representable values of type t between
// two bit patterns on the real line (the zeros of both signs are one
// point), 0 for two NaNs and huge between a NaN and a number. It only
// matters where a tolerance is allowed: elsewhere bits must be equal.
func floatDistance(t values.PrimType, a, b uint64) uint64 {
	w := uint(8 * t.Size())
	nan := func(x uint64) bool { return math.IsNaN(soac.PrimValue{T: t, Bits: x}.Float()) }
	ordered := func(x uint64) int64 {
		mag := int64(x &^ (1 << (w - 1)))
		if x>>(w-1) == 1 {
			return -mag
		}
		return mag
	}
	switch {
	case nan(a) && nan(b):
		return 0
	case nan(a) || nan(b):
		return math.MaxUint64
	}
	d := ordered(a) - ordered(b)
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

// TestPrimFunsCompiled compares every primitive function and operator on
// special values between the interpreter and the compiled program.
func TestPrimFunsCompiled(t *testing.T) {
	if testing.Short() || os.Getenv("FCC_SKIP_COMPILED_E2E") != "" {
		t.Skip("compiled runs skipped")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain")
	}
	if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil {
		t.Skip("no OpenCL ICD registered")
	}
	es := primEntries()
	var src strings.Builder
	for _, e := range es {
		src.WriteString(e.source())
	}
	if name := os.Getenv("FCC_PRIMFUNS_SRC"); name != "" {
		_ = os.WriteFile(name, []byte(src.String()), 0o644)
	}
	stages, prog, err := compileStages(src.String())
	if err != nil {
		t.Fatalf("compiling the program: %v", err)
	}
	ref := stages[0].prog // after internalise: the reference
	dir := t.TempDir()
	exe := filepath.Join(dir, "primfuns")
	if err := pipeline.Build(prog, exe, backend.BuildOptions{}); err != nil {
		t.Fatalf("building: %v", err)
	}
	env := append(os.Environ(), "POCL_CACHE_DIR="+filepath.Join(dir, "pocl"), "FCC_NO_CACHE=1")
	failures := 0
	for _, e := range es {
		want, err := interpret(ref, e.name, e.inputs)
		if err != nil {
			t.Errorf("%s interpreted: %v", e.name, err)
			continue
		}
		got, err := runEntry(exe, e.name, e.inputs, env)
		if err != nil {
			t.Errorf("%s compiled: %v", e.name, err)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d results compiled, %d interpreted", e.name, len(got), len(want))
			continue
		}
		for k, op := range e.ops {
			w, g := want[k], got[k]
			if w.Type != g.Type || w.Len() != g.Len() {
				t.Errorf("%s: %s: compiled %s, interpreted %s", e.name, op.expr, g.TypeString(), w.TypeString())
				continue
			}
			tol := uint64(0)
			if w.Type.IsFloat() {
				tol = primTolerance(op.fn, e.params[0])
			}
			for i := 0; i < int(w.Len()); i++ {
				a, b := elemBits(w, i), elemBits(g, i)
				ok := a == b
				if !ok && w.Type.IsFloat() {
					ok = floatDistance(w.Type, a, b) <= tol
				}
				if !ok {
					failures++
					if failures <= 60 {
						var args []string
						for _, in := range e.inputs {
							args = append(args, soac.PrimValue{T: in.Type, Bits: elemBits(in, i)}.String())
						}
						t.Errorf("%s: %s with %s: interpreted %s, compiled %s", e.name, op.expr, strings.Join(args, ", "),
							soac.PrimValue{T: w.Type, Bits: a}, soac.PrimValue{T: w.Type, Bits: b})
					}
				}
			}
		}
	}
	if failures > 60 {
		t.Errorf("%d differences in all", failures)
	}
}

// runEntry runs one entry point of an executable on inputs, with binary
// output.
func runEntry(exe, entry string, inputs []values.Value, env []string) ([]values.Value, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-b", "-e", entry)
	cmd.Env = env
	var in bytes.Buffer
	for _, v := range inputs {
		if err := values.WriteBinary(&in, v); err != nil {
			return nil, err
		}
	}
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return spec.ReadValues(stdout.Bytes())
}
