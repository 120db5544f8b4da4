package frontend

import "testing"

// TestDependentSizes checks that sizes given by a function's arguments
// (iota's result, a later parameter sized by an earlier one) do not
// escape into parameter types through a higher-order function, and that
// an existential size must be carried by a value of its type.
func TestDependentSizes(t *testing.T) {
	const leak = "Existential size would appear in function parameter of return type"
	twice := "def twice '^a '^b (g: a -> b) (h: b -> i64) (x: a) (y: a) = h (g x) + h (g y)\n"
	cases := []struct{ name, src, err string }{
		{"iota through lifted param", twice + "def main = let k = twice iota in k (\\v -> v[0]) 3 4", `Cannot apply "twice" to "iota" (argument 1). ` + leak},
		{"replicate through lifted param", "def ap '^a '^b (g: i64 -> a -> b) (h: b -> i32) (x: a) = h (g 2 x)\ndef main = ap replicate (\\v -> v[0]) 1i32", leak},
		{"uncurried dependent def", "def sum2 (r: i64) (c: i64) (a: [r][c]i32) = a[0, 0]\ndef uc '^a '^b '^c (f: a -> b -> c) (p: (a, b)) = f p.0 p.1\ndef g = uc sum2\ndef main (x: i64) (y: i64) = g (x, y)", `Cannot apply "uc" to "sum2"`},
		{"existential only in function", "def mk : i64 -> ?[k].(z: i32) -> [k]i32 = \\n (z: i32) -> replicate n z\ndef main (n: i64) = mk n 1", `Existential size "k" not used as array size`},
		// Accepted: the size is only in a result, or a value carries it,
		// or the function is applied.
		{"map iota", "def main (ns: [3]i64) = map (\\n -> n) ns |> map (\\n -> length (iota n))", ""},
		{"flip replicate", "def fl '^a '^b '^c (f: a -> b -> c) (y: b) (x: a) : c = f x y\ndef main = (fl replicate 1i32 3)[0]", ""},
		{"map dependent def", "def f (n: i64) (x: i32) = replicate n x\ndef main (ns: [3]i64) = map2 (\\n x -> length (f n x)) ns [1, 2, 3]", ""},
		{"existential used", "def mk (n: i64) : ?[k].[k]i32 = iota n |> map i32.i64\ndef main (n: i64) = mk n", ""},
		{"existential in tuple with function", "def mk (n: i64) : ?[k].([k]i32, i32 -> [k]i32) = (replicate n 0, \\z -> replicate n z)\ndef main (n: i64) = (mk n).0", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { compileErr(t, tc.src, tc.err) })
	}
}
