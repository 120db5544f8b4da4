package frontend

import (
	"strings"
	"testing"
)

// compileErr compiles src and checks the error: none when want is "",
// otherwise one containing want.
func compileErr(t *testing.T, src, want string) {
	t.Helper()
	_, err := Compile("t.fut", src)
	switch {
	case want == "" && err != nil:
		t.Fatalf("%s\nunexpected error: %v", src, err)
	case want != "" && err == nil:
		t.Fatalf("%s\nno error, want %q", src, want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Fatalf("%s\nerror %v\nwant %q", src, err, want)
	}
}

// TestSizeLifted checks Futhark's rule for plain type parameters: one in
// the result of a function-valued parameter may not be instantiated with a
// type whose size the function computes; '~ and '^ parameters may.
func TestSizeLifted(t *testing.T) {
	const anon = "which contains a size that is not known until the function is applied"
	cases := []struct{ name, src, err string }{
		{"map filter lambda", "def main (xss: [][]i32) = map (\\xs -> filter (>0) xs) xss",
			"t.fut:1:31: error: argument 1 of map: type variable 'b cannot be instantiated with type []i32, " + anon},
		// A top-level function's type declares its anonymous result
		// size: the map type-checks, and the internaliser rejects it
		// when the sizes depend on the element.
		{"map partial filter", "def main (xss: [][]i32) = map (filter (>0)) xss", "returns arrays whose size depends on the element"},
		{"map slice", "def main (xss: [][]i32) = map (\\xs -> xs[::2]) xss", anon},
		{"map slice inner bound", "def main (xss: [][]i64) = map (\\xs -> xs[xs[0]:]) xss", anon},
		{"map range", "def main (ns: []i32) = map (\\n -> 1..n) ns", anon},
		{"map value parameter size", "def main (ns: []i64) = map (\\n -> iota n) ns", anon},
		{"map size bound inside", "def main (xss: [][]i32) = map (\\xs -> let k = length xs in replicate k 0i32) xss", anon},
		{"map local function", "def main (xss: [][]i32) = let f xs = filter (>0) xs in map f xss", anon},
		{"user plain param", "def ap 'a (g: i32 -> a) (x: i32) = g x\ndef main (xs: []i32) = ap (\\y -> filter (>y) xs) 1",
			"argument 1 of ap: type variable 'a cannot be instantiated"},
		{"hint", "def ap 'a (g: i32 -> a) (x: i32) = g x\ndef main (xs: []i32) = ap (\\y -> filter (>y) xs) 1",
			"declare it size-lifted ('~a)"},
		{"tabulate", "def main (n: i64) = tabulate n (\\i -> iota i)", "type variable 'a cannot be instantiated"},
		// Accepted, as by Futhark.
		{"user size-lifted param", "def ap '~a (g: i32 -> a) (x: i32) = g x\ndef main (xs: []i32) = ap (\\y -> filter (>y) xs) 1", ""},
		{"user lifted param", "def ap '^a (g: i32 -> a) (x: i32) = g x\ndef main (xs: []i32) = ap (\\y -> filter (>y) xs) 1", ""},
		{"pipe", "def main (xs: []i32) = xs |> filter (>0)", ""},
		{"id of filter", "def f 't (x: t) = x\ndef main (xs: []i32) = f (filter (>0) xs)", ""},
		{"map outer size", "def main (xs: []i32) = let ys = filter (>0) xs in map (\\_ -> ys) xs", ""},
		{"map outer term size", "def main (n: i64) = map (\\i -> iota n) (iota 3)", ""},
		{"map constant slice", "def main (xss: [][]i32) = map (\\xs -> xs[:2]) xss", ""},
		{"map variable slice", "def main (k: i64) (xss: [][]i32) = map (\\xs -> xs[0:k]) xss", ""},
		// Futhark's size m-1 of xs[1:], m the rows' size: known outside.
		{"map slice sized", "def main (xss: [][]i32) = map (\\xs -> xs[1:]) xss", ""},
		{"map slice sized outer bound", "def main (i: i64) (xss: [][]i32) = map (\\xs -> xs[i:]) xss", ""},
		{"map flatten", "def main (xsss: [][][]i32) = map flatten xsss", ""},
		{"map coerced", "def main (xss: [][]i32) = map (\\xs -> (filter (>0) xs :> [2]i32)) xss", ""},
		{"map declared result", "def main [m][n] (y: [m][n]i32) = map (\\r : [n]i32 -> filter (>0) r :> [n]i32) y", ""},
		{"map local function with [] param", "def main (xss: [][]i32) = let f (xs: []i32) = map (+1) xs in map f xss", ""},
		{"map partial application with size parameter", "def run [n] (T: i64) (buf: [n]f32) (r: i64): []f32 = (buf ++ [f32.i64 r]) :> [T]f32\ndef main = map (run 3 [1f32, 2f32]) (iota 5)", ""},
		{"map local size param", "def main (xss: [][]i32) = let f [n] (xs: [n]i32) = iota n in map f xss", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { compileErr(t, tc.src, tc.err) })
	}
}

// TestCausalityMore covers the causality restriction outside argument
// lists: the left operand of an operator is evaluated before the right
// one, and a let-bound (monomorphic) function before the arguments it is
// applied to.
func TestCausalityMore(t *testing.T) {
	cases := []struct{ name, src, err string }{
		{"backward pipe", "def main (xs: []i32) : i64 = length <| filter (>0) xs",
			"t.fut:1:30: error: Causality check: an anonymous size needed for the type of the left operand of <|: []i32 -> i64; but it is computed by the right operand (the call of filter at 1:40)"},
		{"backward pipe hint", "def main (xs: []i32) = map (+1) <| filter (>0) xs", "write x |> f"},
		{"backward pipe size param", "def f [n] (xs: [n]i32) : i64 = n\ndef main (xs: []i32) : i64 = f <| xs[::2]",
			"Causality check: size \"n\" needed for the type of the left operand of <|"},
		{"let-bound lambda", "def main (xs: []i32) = let f = \\ys -> map (+1) ys in f (filter (>0) xs)",
			"Causality check: an anonymous size needed for the type of f (bound at 1:28)"},
		// Accepted.
		{"forward pipe", "def main (xs: []i32) : i64 = filter (>0) xs |> length", ""},
		{"backward pipe known size", "def main (xs: []i32) : i64 = length <| xs", ""},
		{"backward pipe chain", "def main (xs: []i32) = reduce (+) 0 <| map (+1) <| map (\\x -> x) xs", ""},
		{"let first", "def main (xs: []i32) = let ys = filter (>0) xs let f = \\zs -> map (+1) zs in f ys", ""},
		{"local function", "def main (xs: []i32) = let f (ys: []i32) = map (+1) ys in f (filter (>0) xs)", ""},
		{"application", "def main (xs: []i32) : i64 = length (filter (>0) xs)", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { compileErr(t, tc.src, tc.err) })
	}
}

// TestLocalGeneralisation checks let-polymorphism of local functions
// without type parameters, and that a local function's sizes are
// instantiated afresh at each use.
func TestLocalGeneralisation(t *testing.T) {
	runs := []struct{ name, src, input, want string }{
		{"identity at two types", "def main (x: i32) (b: bool) = let f y = y in (f x, f b)", "3 true", "3i32 true"},
		{"pair at two types", "def main (x: i32) (b: bool) =\n  let swap p q = (q, p)\n  let (u, v) = swap 1i8 b\n  let (w, z) = swap x b\n  in (u, v, w, z)", "3 false", "false 1i8 false 3i32"},
		{"branches of two types", "def main (xs: []i32) (ys: []f32) = let pick c a b = if c then a else b in (pick true xs[0] xs[1], pick false ys ys)", "[1,2] [2.5]", "1i32 [2.5f32]"},
		{"higher order", "def main (x: i32) = let twice g y = g (g y) in (twice (+1) x, twice (\\b -> !b) true)", "1", "3i32 true"},
		{"sizes afresh", "def g [n][m] (as: [n]i32) (bs: [m]i32) =\n  let f (xs: []i32) = map (+1) xs\n  let a : [n]i32 = f as\n  let b : [m]i32 = f bs\n  in a ++ b\ndef main (xs: []i32) (ys: []i32) = g xs ys", "[1] [2,3]", "[2i32, 3i32, 4i32]"},
		{"captures outer", "def main (x: i32) = let k = x * 2 in let add y = y + k in add 1", "2", "5i32"},
	}
	for _, tc := range runs {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s:\ngot  %s\nwant %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
	// Not generalised, as in Futhark: a variable shared with the
	// enclosing body, overloaded literals.
	errs := []struct{ name, src, err string }{
		{"overloaded", "def main (x: i32) = let f y = y + 1 in (f x, f 1.5f32)", "Cannot apply \"f\" to argument 1: expected type i32, but found f32"},
		{"shared with environment", "def main (x: i32) (b: bool) = (\\z -> let f y = (y, z) in ((f 1i32).0, z == x, (f b).0)) 1", ""},
	}
	for _, tc := range errs {
		t.Run(tc.name, func(t *testing.T) { compileErr(t, tc.src, tc.err) })
	}
}

// TestFloatBits checks get_bit and set_bit of the float modules, which
// work on the float's bits.
func TestFloatBits(t *testing.T) {
	src := "def main (x: f32) (y: f64) = (f32.get_bit 31 x, f32.get_bit 30 x, f32.set_bit 31 x 1, f64.get_bit 63 y, f64.set_bit 63 y 0, f16.get_bit 14 1f16)"
	if got, want := run(t, src, "2f32 -1.5f64"), "0i32 1i32 -2.0f32 1i32 1.5f64 0i32"; got != want {
		t.Errorf("%s\ngot  %s\nwant %s", src, got, want)
	}
}

// TestSizeLiftedPrelude checks that prelude functions whose result size
// Futhark's prelude knows (take, drop, tail, init, tabulate, ...) can be
// mapped, while filter and partition cannot.
func TestSizeLiftedPrelude(t *testing.T) {
	for _, tc := range []struct{ src, err string }{
		{"def main (xss: [][]i32) = map (\\r -> tail r) xss", ""},
		{"def main (xss: [][]i32) = map (take 1) xss", ""},
		{"def main (xss: [][]i32) = map (\\r -> drop 1 r) xss", ""},
		{"def main (xss: [][]i32) = map init xss", ""},
		{"def main (n: i64) = map (\\i -> tabulate n (+i)) (iota 3)", ""},
		{"def main (xss: [][]i32) = map (\\r -> (partition (>0) r).0) xss", "type variable 'b cannot be instantiated"},
	} {
		compileErr(t, tc.src, tc.err)
	}
}
