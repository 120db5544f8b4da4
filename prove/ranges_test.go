package prove

import (
	"math"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// TestRangesInBounds checks the range analysis that removes bounds checks
// from kernels: what it must prove, and, as much, what it must not.
func TestRangesInBounds(t *testing.T) {
	v := func(n string) soac.SubExp { return soac.Var{Name: soac.VName(n)} }
	c := soac.I64
	bin := func(op soac.BinOp, x, y soac.SubExp) soac.Exp {
		return &soac.BinOpExp{Op: op, T: values.I64, X: x, Y: y}
	}
	binT := func(op soac.BinOp, tp soac.PrimType, x, y soac.SubExp) soac.Exp {
		return &soac.BinOpExp{Op: op, T: tp, X: x, Y: y}
	}
	type defs = map[string]soac.Exp
	// Shared by every case: index variables i < r, j < c0 and k < rm1,
	// host scalars rm1 = r - 1 and rm1s = r - 1 (as sub), and an iota.
	common := defs{
		"rm1":  bin(soac.Add, v("r"), c(-1)),
		"rm1s": bin(soac.Sub, v("r"), c(1)),
		"five": &soac.SubExpExp{X: c(5)},
		"io":   &soac.IotaExp{N: v("r"), Start: c(0), Step: c(1), T: values.I64},
		"io1":  &soac.IotaExp{N: v("r"), Start: c(1), Step: c(1), T: values.I64},
	}
	bounds := map[soac.VName]soac.SubExp{"i": v("r"), "j": v("c0"), "k": v("rm1"), "l": c(8)}
	cases := []struct {
		name  string
		defs  defs
		elems map[soac.VName]soac.VName
		index soac.SubExp
		dim   soac.SubExp
		want  bool
	}{
		// Proved.
		{"index variable", nil, nil, v("i"), v("r"), true},
		{"copy of an index variable", defs{"x": &soac.SubExpExp{X: v("i")}}, nil, v("x"), v("r"), true},
		{"copy of a copy", defs{"x": &soac.SubExpExp{X: v("i")}, "y": &soac.SubExpExp{X: v("x")}}, nil, v("y"), v("r"), true},
		{"max (i-1) 0", defs{"a": bin(soac.Add, v("i"), c(-1)), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), v("r"), true},
		{"max 0 (i-1), sub", defs{"a": bin(soac.Sub, v("i"), c(1)), "x": bin(soac.Max, c(0), v("a"))}, nil, v("x"), v("r"), true},
		{"min (i+1) (r-1)", defs{"a": bin(soac.Add, v("i"), c(1)), "x": bin(soac.Min, v("a"), v("rm1"))}, nil, v("x"), v("r"), true},
		{"min (r-1) (1+i), sub", defs{"a": bin(soac.Add, c(1), v("i")), "x": bin(soac.Min, v("rm1s"), v("a"))}, nil, v("x"), v("r"), true},
		{"clamp max (min (i+2) (r-1)) 0", defs{"a": bin(soac.Add, v("i"), c(2)), "b": bin(soac.Min, v("a"), v("rm1")), "x": bin(soac.Max, v("b"), c(0))}, nil, v("x"), v("r"), true},
		{"i-1 clamped twice", defs{"a": bin(soac.Sub, v("i"), c(1)), "b": bin(soac.Max, v("a"), c(0)), "x": bin(soac.Min, v("b"), v("rm1"))}, nil, v("x"), v("r"), true},
		{"index below r-1 in r", nil, nil, v("k"), v("r"), true},
		{"k+1 with k < r-1", defs{"x": bin(soac.Add, v("k"), c(1))}, nil, v("x"), v("r"), true},
		{"constant bound", nil, nil, v("l"), c(8), true},
		{"constant bound, l-1 clamped", defs{"a": bin(soac.Add, v("l"), c(-1)), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), c(8), true},
		{"constant in constant dimension", nil, nil, c(2), c(5), true},
		{"constant in a dimension defined as 5", nil, nil, c(4), v("five"), true},
		{"folded constant", defs{"x": bin(soac.Sub, c(7), c(3))}, nil, v("x"), c(5), true},
		{"iota element", nil, map[soac.VName]soac.VName{"e": "io"}, v("e"), v("r"), true},
		{"iota element clamped", defs{"a": bin(soac.Add, v("e"), c(1)), "x": bin(soac.Min, v("a"), v("rm1"))}, map[soac.VName]soac.VName{"e": "io"}, v("x"), v("r"), true},

		// Not proved.
		{"min (i+1) r", defs{"a": bin(soac.Add, v("i"), c(1)), "x": bin(soac.Min, v("a"), v("r"))}, nil, v("x"), v("r"), false},
		{"i+1", defs{"x": bin(soac.Add, v("i"), c(1))}, nil, v("x"), v("r"), false},
		{"i-1", defs{"x": bin(soac.Sub, v("i"), c(1))}, nil, v("x"), v("r"), false},
		{"max (u-1) 0, u unknown", defs{"a": bin(soac.Add, v("u"), c(-1)), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), v("r"), false},
		{"min (i+1) (r-1) in another dimension", defs{"a": bin(soac.Add, v("i"), c(1)), "x": bin(soac.Min, v("a"), v("rm1"))}, nil, v("x"), v("c0"), false},
		{"j in r", nil, nil, v("j"), v("r"), false},
		{"unknown name", nil, nil, v("u"), v("r"), false},
		{"constant 0 in an unknown dimension", nil, nil, c(0), v("r"), false},
		{"negative constant", nil, nil, c(-1), c(5), false},
		{"constant past the end", nil, nil, c(5), c(5), false},
		{"max (i-1) 0 unsigned", defs{"a": binT(soac.Add, values.U64, v("i"), c(-1)), "x": binT(soac.Max, values.U64, v("a"), c(0))}, nil, v("x"), v("r"), false},
		{"min (i+1) (r-1) unsigned", defs{"a": bin(soac.Add, v("i"), c(1)), "x": binT(soac.Min, values.U64, v("a"), v("rm1"))}, nil, v("x"), v("r"), false},
		{"i32 index converted", defs{"x": &soac.ConvOpExp{From: values.I32, To: values.I64, X: v("h")}}, nil, v("x"), v("r"), false},
		{"i64 index through i32 and back", defs{"h": &soac.ConvOpExp{From: values.I64, To: values.I32, X: v("i")}, "x": &soac.ConvOpExp{From: values.I32, To: values.I64, X: v("h")}}, nil, v("x"), v("r"), false},
		{"i32 arithmetic", defs{"x": binT(soac.Add, values.I32, v("i"), c(0))}, nil, v("x"), v("r"), false},
		{"i * 1", defs{"x": bin(soac.Mul, v("i"), c(1))}, nil, v("x"), v("r"), false},
		{"r-1-i", defs{"x": bin(soac.Sub, v("rm1"), v("i"))}, nil, v("x"), v("r"), false},
		// The subtraction may wrap (u = MinInt64), so u-5 is not <= -2.
		{"max (min u 3 - 5) 0 in 1", defs{"a": bin(soac.Min, v("u"), c(3)), "b": bin(soac.Sub, v("a"), c(5)), "x": bin(soac.Max, v("b"), c(0))}, nil, v("x"), c(1), false},
		// The addition may wrap (u = MaxInt64), so u+1 is not >= 1.
		{"min (max u 0 + 1) 7 in 8", defs{"a": bin(soac.Max, v("u"), c(0)), "b": bin(soac.Add, v("a"), c(1)), "x": bin(soac.Min, v("b"), c(7))}, nil, v("x"), c(8), false},
		{"i + MaxInt64 clamped", defs{"a": bin(soac.Add, v("i"), c(math.MaxInt64)), "x": bin(soac.Min, v("a"), v("rm1"))}, nil, v("x"), v("r"), false},
		{"i - MinInt64", defs{"a": bin(soac.Sub, v("i"), c(math.MinInt64)), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), c(1), false},
		{"folded wrap-around", defs{"x": bin(soac.Add, c(math.MaxInt64), c(1))}, nil, v("x"), c(5), false},
		{"element of an iota from 1", nil, map[soac.VName]soac.VName{"e": "io1"}, v("e"), v("r"), false},
		{"element of a non-iota", defs{"arr": &soac.ReplicateExp{Shape: []soac.SubExp{v("r")}, X: c(0)}}, map[soac.VName]soac.VName{"e": "arr"}, v("e"), v("r"), false},
		{"cycle", defs{"x": bin(soac.Add, v("y"), c(1)), "y": bin(soac.Sub, v("x"), c(1))}, nil, v("x"), v("r"), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := &rangeEnv{defs: map[soac.VName]soac.Exp{}, bounds: bounds, elems: tc.elems}
			for n, e := range common {
				env.defs[soac.VName(n)] = e
			}
			for n, e := range tc.defs {
				env.defs[soac.VName(n)] = e
			}
			if got := env.inBounds(tc.index, tc.dim); got != tc.want {
				t.Errorf("inBounds(%v, %v) = %v, want %v", tc.index, tc.dim, got, tc.want)
			}
		})
	}
}

// TestScalarDefs checks that a name bound twice gets no definition, so
// that the analysis concludes nothing from either.
func TestScalarDefs(t *testing.T) {
	const prog = `entry "main"
fun main (n: i64, xs: [n]f32): {i64, i64} = {
  let {a: i64} = add i64 n -1i64
  let {b: i64} = max i64 a 0i64
  in {a, b}
}`
	p, err := soac.ParseProgram(prog)
	if err != nil {
		t.Fatal(err)
	}
	defs := ScalarDefs(p)
	if _, ok := defs["a"].(*soac.BinOpExp); !ok {
		t.Errorf("a: got %#v, want its add", defs["a"])
	}
	body := p.Funs[0].Body
	body.Stms = append(body.Stms, &soac.Stm{Pat: body.Stms[0].Pat, Exp: &soac.SubExpExp{X: soac.I64(7)}})
	defs = ScalarDefs(p)
	if e, ok := defs["a"]; ok {
		t.Errorf("a bound twice: got definition %#v, want none", e)
	}
	if _, ok := defs["b"]; !ok {
		t.Errorf("b: no definition")
	}
}
