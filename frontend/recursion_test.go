package frontend

import "testing"

func TestRecursionRejected(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no return type",
			"def count (n: i64) = if n == 0 then 0 else 1 + count (n - 1)\ndef main (x: i64) = count x",
			`t.fut:1:48: error: Recursive function "count" must have a declared return type.`},
		{"function parameter",
			"def go (g: i64 -> i64) (n: i64) : i64 = if n == 0 then g 0 else go g (n - 1)\ndef main (n: i64) = go (\\x -> x) n",
			`t.fut:1:65: error: Recursive function "go" may not be higher-order`},
		{"function result",
			"def k (n: i64) : i64 -> i64 = k (n - 1)\ndef main (n: i64) = k n n",
			`Recursive function "k" may not be higher-order`},
		{"polymorphic recursion",
			"def f 't (x: t) : i32 = f (x, x)\ndef main (n: i32) = f n",
			"t.fut:1:27: error:"},
		{"result type is checked",
			"def f (n: i64) : i64 = if n == 0 then true else f (n - 1)\ndef main (n: i64) = f n",
			"t.fut:1:49: error: else branch (must have the type of the then branch): expected type bool, but found i64"},
		{"local functions are not recursive",
			"def main (n: i64) = let f (x: i64) : i64 = if x == 0 then 0 else f (x - 1) in f n",
			`unknown name "f"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			expectCompileError(t, tc.src, tc.want)
		})
	}
}

func TestRecursionAccepted(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"scalar",
			"def fact (n: i64) : i64 = if n <= 1 then 1 else n * fact (n - 1)\ndef main (n: i64) = fact n",
			"6i64", "720i64"},
		{"size parameter instantiated at each call",
			"def len [n] (xs: [n]i32) : i64 = if n == 0 then 0 else 1 + len xs[1:]\ndef main (xs: []i32) = len xs",
			"[1,2,3]", "3i64"},
		{"anonymous parameter size",
			"def len (xs: []i32) : i64 = if length xs == 0 then 0 else 1 + len xs[1:]\ndef main (xs: []i32) = len xs",
			"[1,2]", "2i64"},
		{"existential result",
			"def evens (xs: []i32) : []i32 = if length xs == 0 then [] else (if xs[0] % 2 == 0 then [xs[0]] else []) ++ evens xs[1:]\ndef main (xs: []i32) = evens xs",
			"[1,2,3,4]", "[2i32, 4i32]"},
		{"partial application of a recursive function",
			"def add (a: i32) (b: i32) : i32 = if a == 0 then b else add (a - 1) (b + 1)\ndef main (x: i32) = let g = add 3 in g x",
			"4", "7i32"},
		{"record result",
			"def pair (n: i64) : {a: i64, b: [n]i64} = if n == 0 then {a = 0, b = []} else let r = pair (n - 1) in {a = r.a + n, b = sized n (r.b ++ [n])}\ndef main (n: i64) = pair n",
			"3i64", "6i64 [1i64, 2i64, 3i64]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s: got %s, want %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
}
