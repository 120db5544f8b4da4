package frontend

import (
	"regexp"
	"testing"
)

// TestStaticSizes checks the sizes the checker tracks: programs that
// Futhark accepts compile, mismatches of known sizes are compile-time
// errors at the offending expression.
func TestStaticSizes(t *testing.T) {
	ok := []struct{ name, src string }{
		{"map keeps size", "def f [n] (xs: [n]i32) : [n]i32 = map (+1) xs\ndef main [n] (xs: [n]i32) = map2 (+) xs (f xs)"},
		{"zip equal", "def f [n] (xs: [n]i32) (ys: [n]f32) : [n](i32, f32) = zip xs ys\ndef main (x: i32) = x"},
		{"iota n", "def main (n: i64) = let f [k] (xs: [k]i64) : [k]i64 = xs in f (iota n)"},
		{"iota size param", "def main [n] (xs: [n]i64) : [n]i64 = map2 (+) xs (iota n)"},
		{"replicate length", "def main [n] (xs: [n]i32) = map2 (+) xs (replicate (length xs) 1)"},
		{"concat sum", "def main [n][m] (xs: [n]i32) (ys: [m]i32) : [n+m]i32 = xs ++ ys"},
		{"concat sum commutes", "def main [n][m] (xs: [n]i32) (ys: [m]i32) : [m+n]i32 = concat xs ys"},
		{"literal size", "def f (xs: [3]i32) = xs[0]\ndef main (x: i32) = f [x, x, x]"},
		{"if existential", "def main [n][m] (b: bool) (xs: [n]i32) (ys: [m]i32) = if b then xs else ys"},
		{"loop changes size", "def main [n] (xs: [n]i32) = loop ys = xs for i < 2 do ys ++ ys"},
		{"coercion", "def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs (ys :> [n]i32)"},
		{"filter unknown", "def main [n] (xs: [n]i32) = let ys = filter (>0) xs in map2 (+) ys ys"},
		{"transpose", "def main [n][m] (a: [n][m]i32) : [m][n]i32 = transpose a"},
		{"local size params", "def main [n][m] (xs: [n]i32) (ys: [m]i32) = let f [k] (zs: [k]i32) : [k]i32 = zs in (f xs, f ys)"},
		{"poly size params twice", "def g [k] (zs: [k]i32) : [k]i32 = zs\ndef main [n][m] (xs: [n]i32) (ys: [m]i32) = (map2 (+) xs (g xs), map2 (+) ys (g ys))"},
		{"scatter", "def main [n] (xs: *[n]i32) (is: []i64) : [n]i32 = scatter xs is (map i32.i64 is)"},
		{"implicit size reused", "def main (xs: []i32) = map2 (+) xs xs"},
		// Sizes written [] are inferred from the body, as in Futhark.
		{"implicit sizes unified", "def main (xs: []i32) (ys: []i32) = zip xs ys"},
		{"implicit size is a size parameter", "def main [n] (xs: [n]i32) (ys: []i32) : [n]i32 = map2 (+) xs ys"},
		{"implicit size is a constant", "def main (xs: []i32) = map2 (+) xs [1, 2, 3]"},
		{"implicit size named by a let", "def main (xs: []i32) (ys: []i32) = let [n] (a: [n]i32) = xs in (n, length ys)"},
		{"implicit sizes through a call", "def f [k] (a: [k]i32) (b: [k]i32) = map2 (+) a b\ndef main (xs: []i32) (ys: []i32) = f xs ys"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Compile("t.fut", tc.src); err != nil {
				t.Errorf("%s\n%v", tc.src, err)
			}
		})
	}
	bad := []struct{ name, src, want string }{
		{"map2", "def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs ys", "t.fut:1:57: error: Cannot apply \"map2\" to \"ys\" (argument 3): Sizes \"n\" and \"m\" do not match"},
		{"return concat", "def main [n] (xs: [n]i32) : [n]i32 = xs ++ xs", "t.fut:1:41: error: the body of main: Sizes \"n\" and \"n+n\" do not match"},
		{"if branches", "def main [n][m] (b: bool) (xs: [n]i32) (ys: [m]i32) : [n]i32 = if b then xs else ys", "the branches have sizes n and m"},
		{"literal", "def f (xs: [3]i32) = xs[0]\ndef main (x: i32) = f [x, x]", "t.fut:2:23: error: Cannot apply \"f\" to argument 1: Sizes \"3\" and \"2\" do not match"},
		{"through function", "def f [k] (xs: [k]i32) : [k]i32 = xs\ndef main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) (f xs) (f ys)", "Sizes \"n\" and \"m\" do not match"},
		{"iota", "def main [n][m] (xs: [n]i64) (_: [m]i32) = map2 (+) xs (iota m)", "Sizes \"n\" and \"m\" do not match"},
		{"transpose", "def main [n][m] (a: [n][m]i32) : [n][m]i32 = transpose a", "do not match"},
		{"hint", "def main [n][m] (xs: [n]i32) (ys: [m]i32) = zip xs ys", "coerce with `e :> [n]t`"},
		{"implicit size against a size parameter", "def main [n][m] (xs: [n]i32) (ys: [m]i32) (zs: []i32) = (zip xs zs, zip ys zs)", "do not match"},
		{"sum of parameter sizes is not a constant", "def main (xs: []i32) (ys: []i32) : [10]i32 = xs ++ ys", `t.fut:1:49: error: the body of main: Sizes "10" and "d₁+d₂" do not match`},
		{"implicit size computed by the body", "def main (xs: []i32) (ys: []i32) = zip ys (xs ++ xs)", "would be d₁+d₁, which the body computes"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestValueSizes checks sizes computed from ordinary values (iota n,
// replicate n x, tabulate_2d n m f where n and m are not size
// parameters): equal only to the same expression, as in Futhark.
func TestValueSizes(t *testing.T) {
	ok := []struct{ name, src string }{
		{"same variable", "def main (n: i64) = map2 (+) (iota n) (replicate n 1)"},
		{"sum in any order", "def main (n: i64) = map2 (+) (iota (n+1)) (iota (1+n))"},
		{"if branches", "def main (b: bool) (n: i64) = if b then iota n else iota (n+2)"},
		{"top-level function", "def f (k: i64) = iota k\ndef main (n: i64) = map2 (+) (f n) (iota n)"},
		{"local function", "def main (n: i64) = let g (k: i64) = iota k in map2 (+) (g n) (iota n)"},
		{"lambda", "def main (n: i64) = map (\\k -> length (iota k)) (iota n)"},
		{"existential", "def main (n: i64) = let xs : ?[k].[k]i64 = iota (n+1) in xs"},
		{"abbreviation in a parameter", "type sq [k] = [k][k]i64\ndef f (x: sq []) = x[0, 0]\ndef main (n: i64) = f (replicate n (iota n))"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Compile("t.fut", tc.src); err != nil {
				t.Errorf("%s\n%v", tc.src, err)
			}
		})
	}
	bad := []struct{ name, src, want string }{
		{"iota", "def main (n: i64) = map2 (+) (iota n) (iota (n+1))",
			`t.fut:1:39: error: Cannot apply "map2" to argument 3: expected type [n]i64, but found [n+1]i64. Sizes "n" and "n+1" do not match`},
		{"let-bound", "def main (x: i64) = let y = x + 1 in zip (replicate x true) (replicate y false)",
			`Sizes "x" and "y" do not match`},
		{"abbreviation argument []", "type sq [k] 't = [k][k]t\ndef main (n: i64) : sq [] i64 = tabulate_2d n (n+1) (+)",
			`t.fut:2:33: error: the body of main: expected type [n+1][n+1]i64, but found *[n][n+1]i64. Sizes "n+1" and "n" do not match`},
		{"existential abbreviation", "type^ t = ?[k].([k]i64, i64 -> [k]i64)\ndef main (n: i64) : t = (iota n, \\i -> replicate (n+2) i)",
			`Sizes "n" and "n+2" do not match`},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestSizeExpressions checks the sizes Futhark gives slices and
// flatten/unflatten (size expressions m - i, j - i, n * m) and that they
// compare as written.
func TestSizeExpressions(t *testing.T) {
	ok := []struct{ name, src string }{
		{"drop", "def main [n] (xs: [n]i32) : [n - 1]i32 = xs[1:]"},
		{"drop by a value", "def main [n] (i: i64) (xs: [n]i32) : [n - i]i32 = xs[i:]"},
		{"take by a value", "def main [n] (i: i64) (xs: [n]i32) : [i]i32 = xs[:i]"},
		{"window", "def main [n] (i: i64) (j: i64) (xs: [n]i32) : [j - i]i32 = xs[i:j]"},
		{"reverse", "def main [n] (xs: [n]i32) : [n]i32 = xs[::-1]"},
		{"reverse window", "def main [n] (i: i64) (j: i64) (xs: [n]i32) : [i - j]i32 = xs[i:j:-1]"},
		{"two slices zip", "def main [n] (xs: [n]i32) = zip xs[1:] xs[1:]"},
		{"constants fold", "def main (xs: [5]i32) : [3]i32 = xs[2:]"},
		{"flatten", "def main [n][m] (xss: [n][m]i32) : [n * m]i32 = flatten xss"},
		{"flatten constants", "def main (xss: [2][3]i32) : [6]i32 = flatten xss"},
		{"unflatten of a product", "def main [n][m] (xss: [n][m]i32) : [n][m]i32 = unflatten (flatten xss)"},
		{"unflatten of a size parameter", "def main [k] (xs: [k]i32) = unflatten (xs :> [2 * (k / 2)]i32)"},
		{"map returns a slice", "def main [n][m] (i: i64) (xss: [n][m]i32) : [n][m - i]i32 = map (\\r -> r[i:]) xss"},
		{"map returns a flattened row", "def main [n][m][k] (xsss: [n][m][k]i32) : [n][m * k]i32 = map flatten xsss"},
		// Futhark does not refine the slice an in-place update writes.
		{"update slice", "def main [n] (xs: *[n]i32) (ys: []i32) = xs with [1:] = ys"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Compile("t.fut", tc.src); err != nil {
				t.Errorf("%s\n%v", tc.src, err)
			}
		})
	}
	bad := []struct{ name, src, want string }{
		{"drop is not n", "def main [n] (xs: [n]i32) : [n]i32 = xs[1:]", `t.fut:1:38: error: the body of main: Sizes "n" and "n - 1" do not match`},
		{"drop and take", "def main [n] (i: i64) (xs: [n]i32) = map2 (+) xs[i:] xs[:i]", `Sizes "n - i" and "i" do not match`},
		{"products as written", "def main [n][m] (xss: [n][m]i32) : [m * n]i32 = flatten xss", `Sizes "m * n" and "n * m" do not match`},
		{"flatten is not n", "def main [n][m] (xss: [n][m]i32) (ys: [n]i32) = map2 (+) (flatten xss) ys", `Sizes "n * m" and "n" do not match`},
		{"map returns an inner slice", "def main (xss: [][]i64) = map (\\r -> r[r[0]:]) xss", "an anonymous size"},
		{"strided slice is anonymous", "def main (xss: [][]i32) = map (\\r -> r[::2]) xss", "an anonymous size"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestExistentialSizes checks that the sizes Futhark makes existential
// (filter's and partition's results, results declared [] or ?[k].t,
// loop results whose size changes, let [n]) are rigid: using such an array
// where another size is needed is a compile-time error at the offending
// expression, which names where the unknown size comes from; a :>
// coercion is accepted (and checked at run time).
func TestExistentialSizes(t *testing.T) {
	ok := []struct{ name, src string }{
		{"coerced filter", "def main [n] (xs: [n]i32) = map2 (+) xs (filter (>0) xs :> [n]i32)"},
		{"one filter result twice", "def main (xs: []i32) = let ys = filter (>0) xs in map2 (+) ys ys"},
		{"map keeps a filter's size", "def main (xs: []i32) = let ys = filter (>0) xs in map2 (+) ys (map (+1) ys)"},
		{"pipeline", "def main (xs: []i32) = xs |> filter (>0) |> map (+1) |> length"},
		{"[] result used twice", "def f (xs: []i32) : []i32 = filter (>0) xs\ndef main (xs: []i32) = let ys = f xs in zip ys ys"},
		{"existential tuple shares its size", "def g (n: i64) : ?[k].([k]i64, [k]i64) = (iota (n+1), iota (n+1))\ndef main (n: i64) = let (a, b) = g n in map2 (+) a b"},
		{"loop keeps its size", "def main [n] (xs: [n]i32) = let ys = loop ys = xs for _i < 2 do map (+1) ys in map2 (+) xs ys"},
		{"loop returns the initial size", "def main [n] (xs: [n]i32) = let ys = loop ys = xs for _i < 2 do map (\\i -> ys[i] + 1) (iota n) in map2 (+) xs ys"},
		{"loop updates in place", "def main [n] (xs: [n]i32) = let ys = loop ys = copy xs for i < n do ys with [i] = 0 in map2 (+) xs ys"},
		{"ascribed loop parameter", "def main [n] (xs: [n]i32) = let ys = loop (ys: [n]i32) = xs for _i < 2 do (ys ++ ys)[:n] :> [n]i32 in map2 (+) xs ys"},
		{"let size used in the body", "def main (xs: []i32) = let [n] (ys: [n]i32) = filter (>0) xs in map2 (+) ys (replicate n 1)"},
		{"filter in a lambda passed to a function", "def main (xs: []i32) = length ((\\() -> filter (>0) xs) ())"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Compile("t.fut", tc.src); err != nil {
				t.Errorf("%s\n%v", tc.src, err)
			}
		})
	}
	// want is a regular expression: existential sizes are numbered ?N.
	bad := []struct{ name, src, want string }{
		{"filter against a parameter",
			"def main (xs: []i32) = let ys = filter (>0) xs in zip xs ys",
			`^t\.fut:1:58: error: Cannot apply "zip" to "ys" \(argument 2\): Sizes "d₁" and "\?(\d+)" do not match \(expected type \[\]i32, but found \*\[\]i32\)\. "\?\d+" is an unknown size returned by "filter" at 1:33\.`},
		{"two filters",
			"def main (xs: []i32) = map2 (+) (filter (>0) xs) (filter (<0) xs)",
			`^t\.fut:1:50: error: Cannot apply "map2" to argument 3: Sizes "\?\d+" and "\?\d+" do not match .*returned by "filter" at 1:34\. .*returned by "filter" at 1:51\.`},
		{"partition",
			"def main (xs: []i32) = let (a, b) = partition (>0) xs in map2 (+) a b",
			`^t\.fut:1:69: error: Cannot apply "map2" to "b" \(argument 3\): Sizes "\?\d+" and "\?\d+" do not match .*returned by "partition" at 1:37\.`},
		{"declared result size",
			"def main (xs: []i32) : [3]i32 = filter (>0) xs",
			`^t\.fut:1:33: error: the body of main: Sizes "3" and "\?\d+" do not match .*returned by "filter" at 1:33\.`},
		{"[] result of a function",
			"def f (xs: []i32) : []i32 = map (+1) xs\ndef main [n] (xs: [n]i32) = map2 (+) xs (f xs)",
			`^t\.fut:2:41: error: Cannot apply "map2" to argument 3: Sizes "n" and "\?\d+" do not match .*returned by "f" at 2:42\.`},
		{"?[k] result of a function",
			"def g (n: i64) : ?[k].[k]i64 = iota (n+1)\ndef main [n] (xs: [n]i64) = map2 (+) xs (g n)",
			`^t\.fut:2:41: error: Cannot apply "map2" to argument 3: Sizes "n" and "\?\d+" do not match .*returned by "g" at 2:42\.`},
		{"local function's [] result",
			"def main [n] (xs: [n]i32) = let f (ys: []i32) : []i32 = filter (>0) ys in map2 (+) xs (f xs)",
			`^t\.fut:1:87: error: Cannot apply "map2" to argument 3: Sizes "n" and "\?\d+" do not match .*returned by "f" at 1:88\.`},
		{"loop that changes the size",
			"def main [n] (xs: [n]i32) = let ys = loop ys = xs for _i < 2 do ys ++ ys in map2 (+) xs ys",
			`^t\.fut:1:89: error: Cannot apply "map2" to "ys" \(argument 3\): Sizes "n" and "\?\d+" do not match .*unknown size of the value returned by the loop at 1:38\.`},
		{"loop returning a filter",
			"def main [n] (xs: [n]i32) = let ys = loop ys = xs for _i < 2 do filter (>0) ys in map2 (+) xs ys",
			`^t\.fut:1:95: error: .*Sizes "n" and "\?\d+" do not match`},
		{"term parameter as a size",
			"def g (k: i64) (xs: []i32) : [k]i32 = filter (>0) xs",
			`^t\.fut:1:39: error: the body of g: Sizes "k" and "\?\d+" do not match .*returned by "filter" at 1:39\.`},
		{"let size",
			"def main [m] (xs: [m]i32) = let [n] (ys: [n]i32) = xs in map2 (+) xs ys",
			`^t\.fut:1:70: error: Cannot apply "map2" to "ys" \(argument 3\): Sizes "m" and "n" do not match`},
		{"let size against a parameter's []",
			"def main (xs: []i32) = let [n] (ys: [n]i32) = filter (>0) xs in map2 (+) ys xs",
			`^t\.fut:1:77: error: Cannot apply "map2" to "xs" \(argument 3\): Sizes "n" and "d₁" do not match`},
		{"let size out of scope",
			"def main [m] (xs: [m]i32) = let ys = (let [n] (zs: [n]i32) = filter (>0) xs in zs) in map2 (+) xs ys",
			`^t\.fut:1:99: error: .*Sizes "m" and "\?\d+" do not match .*bound by let \[n\] at 1:39`},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("t.fut", tc.src)
			if err == nil {
				t.Fatalf("%s: compiled, want error matching %q", tc.src, tc.want)
			}
			if !regexp.MustCompile(tc.want).MatchString(err.Error()) {
				t.Errorf("%s:\ngot  %v\nwant %q", tc.src, err, tc.want)
			}
		})
	}
}
