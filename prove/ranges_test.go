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
	// Shared by every case: index variables i < r, j < c0, k < rm1, l < 8
	// and m < 4,
	// host scalars rm1 = r - 1 and rm1s = r - 1 (as sub), and an iota.
	common := defs{
		"rm1":  bin(soac.Add, v("r"), c(-1)),
		"rm1s": bin(soac.Sub, v("r"), c(1)),
		"five": &soac.SubExpExp{X: c(5)},
		"io":   &soac.IotaExp{N: v("r"), Start: c(0), Step: c(1), T: values.I64},
		"io1":  &soac.IotaExp{N: v("r"), Start: c(1), Step: c(1), T: values.I64},
	}
	bounds := map[soac.VName]soac.SubExp{"i": v("r"), "j": v("c0"), "k": v("rm1"), "l": c(8), "m": c(4)}
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
		{"r-1-i", defs{"x": bin(soac.Sub, v("rm1"), v("i"))}, nil, v("x"), v("r"), true},
		{"r-1-i in r-1", defs{"x": bin(soac.Sub, v("rm1"), v("i"))}, nil, v("x"), v("rm1"), false},
		{"l*4 + m", defs{"a": bin(soac.Mul, v("l"), c(4)), "x": bin(soac.Add, v("a"), v("m"))}, nil, v("x"), c(32), true},
		{"m + 4*l", defs{"a": bin(soac.Mul, c(4), v("l")), "x": bin(soac.Add, v("m"), v("a"))}, nil, v("x"), c(32), true},
		{"l*m", defs{"x": bin(soac.Mul, v("l"), v("m"))}, nil, v("x"), c(22), true},
		{"7 - l", defs{"x": bin(soac.Sub, c(7), v("l"))}, nil, v("x"), c(8), true},
		{"i - 7 + l clamped", defs{"a": bin(soac.Sub, v("i"), c(7)), "b": bin(soac.Add, v("a"), v("l")), "x": bin(soac.Max, v("b"), c(0))}, nil, v("x"), v("r"), true},
		{"i - l", defs{"x": bin(soac.Sub, v("i"), v("l")), "y": bin(soac.Max, v("x"), c(0))}, nil, v("y"), v("r"), true},
		{"l / 2", defs{"x": bin(soac.Div, v("l"), c(2))}, nil, v("x"), c(4), true},
		{"l quot 3", defs{"x": bin(soac.Quot, v("l"), c(3))}, nil, v("x"), c(3), true},
		{"u mod 8", defs{"x": bin(soac.Mod, v("u"), c(8))}, nil, v("x"), c(8), true},
		{"i mod 8 in r", defs{"x": bin(soac.Mod, v("i"), c(8))}, nil, v("x"), v("r"), true},
		{"l rem 5", defs{"x": bin(soac.Rem, v("l"), c(5))}, nil, v("x"), c(5), true},
		{"u mod l+1", defs{"a": bin(soac.Add, v("l"), c(1)), "x": bin(soac.Mod, v("u"), v("a"))}, nil, v("x"), c(8), true},
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
		// The subtraction may wrap (u = MinInt64), so u-5 is not <= -2.
		{"max (min u 3 - 5) 0 in 1", defs{"a": bin(soac.Min, v("u"), c(3)), "b": bin(soac.Sub, v("a"), c(5)), "x": bin(soac.Max, v("b"), c(0))}, nil, v("x"), c(1), false},
		// The addition may wrap (u = MaxInt64), so u+1 is not >= 1.
		{"min (max u 0 + 1) 7 in 8", defs{"a": bin(soac.Max, v("u"), c(0)), "b": bin(soac.Add, v("a"), c(1)), "x": bin(soac.Min, v("b"), c(7))}, nil, v("x"), c(8), false},
		{"i + MaxInt64 clamped", defs{"a": bin(soac.Add, v("i"), c(math.MaxInt64)), "x": bin(soac.Min, v("a"), v("rm1"))}, nil, v("x"), v("r"), false},
		{"i - MinInt64", defs{"a": bin(soac.Sub, v("i"), c(math.MinInt64)), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), c(1), false},
		{"folded wrap-around", defs{"x": bin(soac.Add, c(math.MaxInt64), c(1))}, nil, v("x"), c(5), false},
		{"element of an iota from 1", nil, map[soac.VName]soac.VName{"e": "io1"}, v("e"), v("r"), false},
		{"element of a non-iota", defs{"arr": &soac.ReplicateExp{Shape: []soac.SubExp{v("r")}, X: c(0)}}, map[soac.VName]soac.VName{"e": "arr"}, v("e"), v("r"), false},
		{"l*4 + m in 31", defs{"a": bin(soac.Mul, v("l"), c(4)), "x": bin(soac.Add, v("a"), v("m"))}, nil, v("x"), c(31), false},
		{"l*m in 21", defs{"x": bin(soac.Mul, v("l"), v("m"))}, nil, v("x"), c(21), false},
		{"l * -1", defs{"x": bin(soac.Mul, v("l"), c(-1))}, nil, v("x"), c(8), false},
		{"i * l", defs{"x": bin(soac.Mul, v("i"), v("l"))}, nil, v("x"), v("r"), false},
		{"l * 2^61 wraps", defs{"x": bin(soac.Mul, v("l"), c(1<<61))}, nil, v("x"), v("r"), false},
		{"8 - l", defs{"x": bin(soac.Sub, c(8), v("l"))}, nil, v("x"), c(8), false},
		{"i + l", defs{"x": bin(soac.Add, v("i"), v("l"))}, nil, v("x"), v("r"), false},
		// i may be MaxInt64 - 1 (r = MaxInt64): i + l may wrap.
		{"i + l - 7 clamped", defs{"a": bin(soac.Add, v("i"), v("l")), "b": bin(soac.Sub, v("a"), c(7)), "x": bin(soac.Max, v("b"), c(0))}, nil, v("x"), v("r"), false},
		{"i + u clamped below", defs{"a": bin(soac.Add, v("i"), v("u")), "x": bin(soac.Max, v("a"), c(0))}, nil, v("x"), v("r"), false},
		// u may be MaxInt64 and l 7: the sum wraps to a negative value.
		{"max u 0 + l", defs{"a": bin(soac.Max, v("u"), c(0)), "x": bin(soac.Add, v("a"), v("l"))}, nil, v("x"), c(1 << 62), false},
		{"u - l", defs{"a": bin(soac.Min, v("u"), c(7)), "x": bin(soac.Sub, v("a"), v("l")), "y": bin(soac.Max, v("x"), c(0))}, nil, v("y"), c(8), false},
		{"l / 2 in 3", defs{"x": bin(soac.Div, v("l"), c(2))}, nil, v("x"), c(3), false},
		{"(l-7) / 2", defs{"a": bin(soac.Sub, v("l"), c(7)), "x": bin(soac.Div, v("a"), c(2))}, nil, v("x"), c(8), false},
		{"l / u", defs{"x": bin(soac.Div, v("l"), v("u"))}, nil, v("x"), c(8), false},
		{"u mod 8 in 7", defs{"x": bin(soac.Mod, v("u"), c(8))}, nil, v("x"), c(7), false},
		{"u rem 8", defs{"x": bin(soac.Rem, v("u"), c(8))}, nil, v("x"), c(8), false},
		{"u mod -8", defs{"x": bin(soac.Mod, v("u"), c(-8))}, nil, v("x"), c(8), false},
		{"u mod l", defs{"x": bin(soac.Mod, v("u"), v("l"))}, nil, v("x"), c(8), false},
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

// TestBranchFacts checks what the condition of a branch tells the range
// analysis inside it: comparisons narrow the names they compare, through
// negation, && and || (as logand, logor and the ifs the frontend makes of
// them), and only in the branch where they hold. The off-by-one cases
// and the outcomes that say nothing must stay unproved.
func TestBranchFacts(t *testing.T) {
	v := func(n string) soac.SubExp { return soac.Var{Name: soac.VName(n)} }
	c := soac.I64
	b := func(x bool) soac.SubExp { return soac.Const{Value: soac.BoolValue(x)} }
	cmp := func(op soac.CmpOp, x, y soac.SubExp) soac.Exp {
		return &soac.CmpOpExp{Op: op, T: values.I64, X: x, Y: y}
	}
	bin := func(op soac.BinOp, x, y soac.SubExp) soac.Exp {
		return &soac.BinOpExp{Op: op, T: values.I64, X: x, Y: y}
	}
	logic := func(op soac.BinOp, x, y string) soac.Exp {
		return &soac.BinOpExp{Op: op, T: values.Bool, X: v(x), Y: v(y)}
	}
	not := func(x string) soac.Exp { return &soac.UnOpExp{Op: soac.Not, T: values.Bool, X: v(x)} }
	// if a then t else u, of one bool.
	ifb := func(a string, t, u soac.SubExp) soac.Exp {
		return &soac.IfExp{Cond: v(a), Then: &soac.Body{Result: []soac.SubExp{t}}, Else: &soac.Body{Result: []soac.SubExp{u}}}
	}
	type defs = map[string]soac.Exp
	// Index variables i < r and t < 32; u is unknown.
	bounds := map[soac.VName]soac.SubExp{"i": v("r"), "t": c(32)}
	// nw's cell: j = d + 2 - (t + 1) with d unknown, tested by
	// `j < 1 || j > 32`.
	nw := defs{
		"t1": bin(soac.Add, v("t"), c(1)),
		"j":  bin(soac.Sub, v("d2"), v("t1")),
		"c1": cmp(soac.Lt, v("j"), c(1)),
		"c2": cmp(soac.Lt, c(32), v("j")),
		"or": ifb("c1", b(true), v("c2")),
		"j1": bin(soac.Sub, v("j"), c(1)),
		// (i - 1) * 32 + j - 1 with i = t + 1, past i == 0 and j == 0.
		"ci":   cmp(soac.Eq, v("t"), c(0)),
		"cj":   cmp(soac.Eq, v("j1"), c(0)),
		"ci1":  bin(soac.Add, v("t"), c(-1)),
		"row":  bin(soac.Mul, v("ci1"), c(32)),
		"rj":   bin(soac.Add, v("row"), v("j1")),
		"cell": bin(soac.Add, v("rj"), c(-1)),
	}
	type cond struct {
		c string
		v bool
	}
	cases := []struct {
		name  string
		defs  defs
		conds []cond
		index soac.SubExp
		dim   soac.SubExp
		want  bool
	}{
		// Proved.
		{"0 <= u && u < r", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Lt, v("u"), v("r")), "ab": logic(soac.LogAnd, "a", "b")}, []cond{{"ab", true}}, v("u"), v("r"), true},
		{"0 <= u && u < r as an if", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Lt, v("u"), v("r")), "ab": ifb("a", v("b"), b(false))}, []cond{{"ab", true}}, v("u"), v("r"), true},
		{"!(u < 0 || r <= u)", defs{"a": cmp(soac.Lt, v("u"), c(0)), "b": cmp(soac.Le, v("r"), v("u")), "ab": logic(soac.LogOr, "a", "b"), "n": not("ab")}, []cond{{"n", true}}, v("u"), v("r"), true},
		{"nested branches", defs{"a": cmp(soac.Lt, v("u"), c(0)), "b": cmp(soac.Lt, v("u"), v("r"))}, []cond{{"a", false}, {"b", true}}, v("u"), v("r"), true},
		{"u == i", defs{"a": cmp(soac.Eq, v("u"), v("i"))}, []cond{{"a", true}}, v("u"), v("r"), true},
		{"0 <= u <= i", defs{"a": cmp(soac.Le, v("u"), v("i")), "b": cmp(soac.Le, c(0), v("u"))}, []cond{{"a", true}, {"b", true}}, v("u"), v("r"), true},
		{"u == 3 in 4", defs{"a": cmp(soac.Eq, v("u"), c(3))}, []cond{{"a", true}}, v("u"), c(4), true},
		{"0 <= u <= 7 in 8", defs{"a": cmp(soac.Le, v("u"), c(7)), "b": cmp(soac.Le, c(0), v("u"))}, []cond{{"a", true}, {"b", true}}, v("u"), c(8), true},
		{"i != 0: i - 1", defs{"a": cmp(soac.Eq, v("i"), c(0)), "x": bin(soac.Sub, v("i"), c(1))}, []cond{{"a", false}}, v("x"), v("r"), true},
		{"0 != i: i - 1", defs{"a": cmp(soac.Eq, c(0), v("i")), "x": bin(soac.Sub, v("i"), c(1))}, []cond{{"a", false}}, v("x"), v("r"), true},
		{"t != 31: t + 1 in 32", defs{"a": cmp(soac.Eq, v("t"), c(31)), "x": bin(soac.Add, v("t"), c(1))}, []cond{{"a", false}}, v("x"), c(32), true},
		{"i != 1, i != 0: i - 2", defs{"a": cmp(soac.Eq, v("i"), c(1)), "a0": cmp(soac.Eq, v("i"), c(0)), "x": bin(soac.Sub, v("i"), c(2))}, []cond{{"a", false}, {"a0", false}}, v("x"), v("r"), true},
		{"i - k for k <= i < k + b", defs{"kb": bin(soac.Add, v("k"), v("b")), "a": cmp(soac.Le, v("k"), v("i")), "c": cmp(soac.Lt, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"a", true}, {"c", true}}, v("x"), v("b"), true},
		{"i - k for !(i < k) && i < b + k", defs{"kb": bin(soac.Add, v("b"), v("k")), "a": cmp(soac.Lt, v("i"), v("k")), "c": cmp(soac.Lt, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"a", false}, {"c", true}}, v("x"), v("b"), true},
		{"nw: j - 1 past j < 1 || j > 32", nw, []cond{{"or", false}}, v("j1"), c(32), true},
		{"nw: the cell past i == 0 and j == 0", nw, []cond{{"or", false}, {"ci", false}, {"cj", false}}, v("cell"), c(32 * 32), true},
		{"nw: the cell in 991", nw, []cond{{"or", false}, {"ci", false}, {"cj", false}}, v("cell"), c(991), true},

		// Not proved.
		{"u < r alone", defs{"b": cmp(soac.Lt, v("u"), v("r"))}, []cond{{"b", true}}, v("u"), v("r"), false},
		{"u <= r", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Le, v("u"), v("r"))}, []cond{{"a", true}, {"b", true}}, v("u"), v("r"), false},
		{"0 <= u && u < r false", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Lt, v("u"), v("r")), "ab": logic(soac.LogAnd, "a", "b")}, []cond{{"ab", false}}, v("u"), v("r"), false},
		{"0 <= u || u < r", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Lt, v("u"), v("r")), "ab": logic(soac.LogOr, "a", "b")}, []cond{{"ab", true}}, v("u"), v("r"), false},
		{"u < 0 || r <= u true", defs{"a": cmp(soac.Lt, v("u"), c(0)), "b": cmp(soac.Le, v("r"), v("u")), "ab": logic(soac.LogOr, "a", "b")}, []cond{{"ab", true}}, v("u"), v("r"), false},
		{"if a then b else true", defs{"a": cmp(soac.Le, c(0), v("u")), "b": cmp(soac.Lt, v("u"), v("r")), "ab": ifb("a", v("b"), b(true))}, []cond{{"ab", true}}, v("u"), v("r"), false},
		{"0 <= u <= i + 1", defs{"i1": bin(soac.Add, v("i"), c(1)), "a": cmp(soac.Le, v("u"), v("i1")), "b": cmp(soac.Le, c(0), v("u"))}, []cond{{"a", true}, {"b", true}}, v("u"), v("r"), false},
		{"u == 4 in 4", defs{"a": cmp(soac.Eq, v("u"), c(4))}, []cond{{"a", true}}, v("u"), c(4), false},
		{"u != 3", defs{"a": cmp(soac.Eq, v("u"), c(3))}, []cond{{"a", false}}, v("u"), c(4), false},
		{"0 <= u <= 8 in 8", defs{"a": cmp(soac.Le, v("u"), c(8)), "b": cmp(soac.Le, c(0), v("u"))}, []cond{{"a", true}, {"b", true}}, v("u"), c(8), false},
		{"i == 0: i - 1", defs{"a": cmp(soac.Eq, v("i"), c(0)), "x": bin(soac.Sub, v("i"), c(1))}, []cond{{"a", true}}, v("x"), v("r"), false},
		{"i != 1: i - 1", defs{"a": cmp(soac.Eq, v("i"), c(1)), "x": bin(soac.Sub, v("i"), c(1))}, []cond{{"a", false}}, v("x"), v("r"), false},
		{"i != 1, i != 0: i - 3", defs{"a": cmp(soac.Eq, v("i"), c(1)), "a0": cmp(soac.Eq, v("i"), c(0)), "x": bin(soac.Sub, v("i"), c(3))}, []cond{{"a", false}, {"a0", false}}, v("x"), v("r"), false},
		{"unsigned u < r", defs{"a": cmp(soac.Le, c(0), v("u")), "b": &soac.CmpOpExp{Op: soac.Lt, T: values.U64, X: v("u"), Y: v("r")}}, []cond{{"a", true}, {"b", true}}, v("u"), v("r"), false},
		{"i32 comparison", defs{"a": cmp(soac.Le, c(0), v("u")), "b": &soac.CmpOpExp{Op: soac.Lt, T: values.I32, X: v("u"), Y: v("r")}}, []cond{{"a", true}, {"b", true}}, v("u"), v("r"), false},
		{"i - k for k <= i <= k + b", defs{"kb": bin(soac.Add, v("k"), v("b")), "a": cmp(soac.Le, v("k"), v("i")), "c": cmp(soac.Le, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"a", true}, {"c", true}}, v("x"), v("b"), false},
		{"i - k for k - 1 <= i < k + b", defs{"kb": bin(soac.Add, v("k"), v("b")), "k1": bin(soac.Sub, v("k"), c(1)), "a": cmp(soac.Le, v("k1"), v("i")), "c": cmp(soac.Lt, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"a", true}, {"c", true}}, v("x"), v("b"), false},
		{"i - k for i < k + b alone", defs{"kb": bin(soac.Add, v("k"), v("b")), "c": cmp(soac.Lt, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"c", true}}, v("x"), v("b"), false},
		{"i - k in another dimension", defs{"kb": bin(soac.Add, v("k"), v("b")), "a": cmp(soac.Le, v("k"), v("i")), "c": cmp(soac.Lt, v("i"), v("kb")), "x": bin(soac.Sub, v("i"), v("k"))}, []cond{{"a", true}, {"c", true}}, v("x"), v("r"), false},
		{"u - k, u of unknown sign", defs{"kb": bin(soac.Add, v("k"), v("b")), "a": cmp(soac.Le, v("k"), v("u")), "c": cmp(soac.Lt, v("u"), v("kb")), "x": bin(soac.Sub, v("u"), v("k"))}, []cond{{"a", true}, {"c", true}}, v("x"), v("b"), false},
		{"nw: j past j < 1 || j > 32", nw, []cond{{"or", false}}, v("j"), c(32), false},
		{"nw: j - 1 where j < 1 || j > 32", nw, []cond{{"or", true}}, v("j1"), c(32), false},
		{"nw: the cell where i may be 0", nw, []cond{{"or", false}, {"cj", false}}, v("cell"), c(32 * 32), false},
		{"nw: the cell where j may be 1", nw, []cond{{"or", false}, {"ci", false}}, v("cell"), c(32 * 32), false},
		{"nw: the cell in 990", nw, []cond{{"or", false}, {"ci", false}, {"cj", false}}, v("cell"), c(990), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := &rangeEnv{defs: map[soac.VName]soac.Exp{}, bounds: bounds, elems: map[soac.VName]soac.VName{}}
			for n, e := range tc.defs {
				env.defs[soac.VName(n)] = e
			}
			for _, cd := range tc.conds {
				env.facts = append(env.facts, assume(env.defs, v(cd.c), cd.v)...)
			}
			if got := env.inBounds(tc.index, tc.dim); got != tc.want {
				t.Errorf("inBounds(%v, %v) = %v, want %v; facts %v", tc.index, tc.dim, got, tc.want, env.facts)
			}
		})
	}
}

// TestBlockedIndex checks the bounds of a blocked index s * b + q, for
// s < n / b and q < b, in n: proved only in that shape.
func TestBlockedIndex(t *testing.T) {
	v := func(n string) soac.SubExp { return soac.Var{Name: soac.VName(n)} }
	c := soac.I64
	bin := func(op soac.BinOp, x, y soac.SubExp) soac.Exp {
		return &soac.BinOpExp{Op: op, T: values.I64, X: x, Y: y}
	}
	type defs = map[string]soac.Exp
	common := defs{
		"nb":   bin(soac.Div, v("n"), v("b")),
		"nq":   bin(soac.Quot, v("n"), v("b")),
		"nb1":  bin(soac.Add, v("nb"), c(1)),
		"nc":   bin(soac.Div, v("n"), v("c")),
		"base": bin(soac.Mul, v("s"), v("b")),
	}
	cases := []struct {
		name   string
		bounds map[soac.VName]soac.SubExp
		defs   defs
		dim    soac.SubExp
		want   bool
	}{
		{"s*b + q", map[soac.VName]soac.SubExp{"s": v("nb"), "q": v("b")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("n"), true},
		{"q + b*s", map[soac.VName]soac.SubExp{"s": v("nb"), "q": v("b")}, defs{"bs": bin(soac.Mul, v("b"), v("s")), "x": bin(soac.Add, v("q"), v("bs"))}, v("n"), true},
		{"s*b + q in another n", map[soac.VName]soac.SubExp{"s": v("nb"), "q": v("b")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("m"), false},
		{"s < n/b + 1", map[soac.VName]soac.SubExp{"s": v("nb1"), "q": v("b")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("n"), false},
		{"q < b + 1", map[soac.VName]soac.SubExp{"s": v("nb"), "q": v("bp1")}, defs{"bp1": bin(soac.Add, v("b"), c(1)), "x": bin(soac.Add, v("base"), v("q"))}, v("n"), false},
		{"blocks of c, rows of b", map[soac.VName]soac.SubExp{"s": v("nc"), "q": v("b")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("n"), false},
		{"n quot b", map[soac.VName]soac.SubExp{"s": v("nq"), "q": v("b")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("n"), false},
		{"q unknown", map[soac.VName]soac.SubExp{"s": v("nb")}, defs{"x": bin(soac.Add, v("base"), v("q"))}, v("n"), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := &rangeEnv{defs: map[soac.VName]soac.Exp{}, bounds: tc.bounds, elems: map[soac.VName]soac.VName{}}
			for n, e := range common {
				env.defs[soac.VName(n)] = e
			}
			for n, e := range tc.defs {
				env.defs[soac.VName(n)] = e
			}
			if got := env.inBounds(v("x"), tc.dim); got != tc.want {
				t.Errorf("inBounds(x, %v) = %v, want %v", tc.dim, got, tc.want)
			}
		})
	}
}
