package frontend

import "testing"

// TestDefinitionChecks covers the checks made where a definition is
// type-checked, whether or not an entry point uses it: each program has
// an entry point of its own that does not call the faulty definition.
func TestDefinitionChecks(t *testing.T) {
	const entry = "\ndef main (x: i32) = x"
	tests := []struct{ name, src, want string }{
		{"unused size parameter of a type abbreviation",
			"type vec [n] = f32" + entry,
			"t.fut:1:10: error: Size parameter [n] of type abbreviation vec is not used in its definition"},
		{"size parameter used only in a size expression",
			"type sum [n] [m] = ([m]bool, [n + m]bool)" + entry,
			"t.fut:1:10: error: Size parameter [n] of type abbreviation sum is not used constructively: it occurs only in size expressions"},
		{"size parameter used in a size expression and as a dimension",
			"type sum [n] [m] = ([n]bool, [m]bool, [n + m]bool)\ndef main (x: sum [1] [2]) = x.0", ""},
		{"unused size parameter beside a size expression",
			"type sum [n] [m] [k] = ([n]bool, [m]bool, [n + m]bool)" + entry,
			"t.fut:1:18: error: Size parameter [k] of type abbreviation sum is not used in its definition"},
		{"function in a non-lifted type abbreviation",
			"type f = i32 -> i32" + entry,
			"t.fut:1:1: error: Non-lifted type abbreviations may not contain functions."},
		{"lifted parameter of a non-lifted type abbreviation",
			"type t '^a = (a, i32)" + entry,
			"t.fut:1:1: error: Non-lifted type abbreviations may not contain functions."},
		{"an operator section as a constant defaults to i32",
			"def ap = (+)\ndef main (x: i32) = ap x 1", ""},
		{"lifted type abbreviation",
			"type^ f = i32 -> i32\ndef main (x: i32) = (id : f) x", ""},
		{"equality on an unknown type",
			"def same a b = a != b" + entry,
			"t.fut:1:18: error: the type 't"},
		{"equality on an unknown type names the rule",
			"def same a b = a == b" + entry,
			"a type parameter does not support equality"},
		{"type variables beyond the explicit type parameters are generalised",
			"def first 'a (x: a) y = (x, y)\ndef main (x: i32) = (first x true).1", ""},
		{"a value put in an array is not a function",
			"def g y = ([y], y 1)" + entry,
			"t.fut:1:17: error: a value whose type must not be a function type is used as a function"},
		{"a loop value is not a function",
			"def g y = (loop y = y for i < 3 do y, y 1)" + entry,
			"at t.fut:1:12 its type was required to be non-functional (a function cannot be used as loop variable)"},
		{"if on a lifted type parameter",
			"def pick '^a (b: bool) (x: a) (y: a) : a = if b then x else y" + entry,
			"t.fut:1:44: error: a function cannot be returned from branches of an if: its type a involves the lifted type parameter '^a"},
		{"arithmetic on an unknown type",
			"def mul a b = a * b" + entry,
			"t.fut:1:17: error: Type is ambiguous: the type"},
		{"unapplied lambda parameter of a polymorphic function type",
			"def main (x: i32) =\n  let k a b = (b, a)\n  in (\\h -> k x x) k",
			"t.fut:3:8: error: the type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				// A valid program beside the faulty ones it resembles.
				if _, err := Compile("t.fut", tc.src); err != nil {
					t.Errorf("%s: %v", tc.src, err)
				}
				return
			}
			expectCompileError(t, tc.src, tc.want)
		})
	}
}

// TestDefinitionChecksAccept lists programs close to the rejected ones
// above that Futhark accepts, and fcc must too.
func TestDefinitionChecksAccept(t *testing.T) {
	tests := []struct{ name, src, input, want string }{
		{"ordering on an unknown type stays generalised",
			"def lt x y = x < y\ndef main (x: i32) = lt x 2", "1", "true"},
		{"arithmetic with a literal defaults to i32",
			"def inc x = x + 1\ndef main (x: i32) = inc x", "1", "2i32"},
		{"arithmetic in an entry point is defaulted",
			"def main x y = x * y", "2 3", "6i32"},
		{"equality at a known type",
			"def same (a: i32) b = a == b\ndef main (x: i32) = same x 2", "2", "true"},
		{"type parameters that describe the type",
			"def first 'a 'b (x: a) (y: b) = (x, y)\ndef main (x: i32) = (first x true).0", "4", "4i32"},
		{"if on a plain type parameter",
			"def pick 'a (b: bool) (x: a) (y: a) : a = if b then x else y\ndef main (x: i32) = pick true x 0", "5", "5i32"},
		{"applied lambda parameter",
			"def main (x: i32) =\n  let k a b = (b, a)\n  in (\\h -> (h x x).0) k", "6", "6i32"},
		{"size parameter used in a type abbreviation",
			"type vec [n] = [n]i32\ndef main (xs: vec [3]) = xs[1]", "[1,2,3]", "2i32"},
		{"entry point typed by a function type abbreviation",
			"type^ mk = (n: i64) -> [n]i32\ndef main : mk = \\n -> replicate n 7", "2i64", "[7i32, 7i32]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s: got %s, want %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
}
