package frontend

import (
	"strings"
	"testing"
)

func TestCausality(t *testing.T) {
	const f = "def f [n] (xs: [n]i32) (g: [n]i32 -> i32) : i32 = g xs\n"
	cases := []struct{ name, src, err string }{
		{"filter before lambda", f + "def main (xs: []i32) : i32 = f (filter (>0) xs) (\\ys -> ys[0])",
			`Causality check: size "n" needed for the type of argument 2 of f`},
		{"slice before lambda", f + "def main (xs: []i32) : i32 = f xs[::2] (\\ys -> ys[0])",
			`Causality check: size "n"`},
		// xs[1:] has the size d₁-1, known before the lambda is.
		{"sized slice before lambda", f + "def main (xs: []i32) : i32 = f xs[1:] (\\ys -> ys[0])", ""},
		{"let first", f + "def main (xs: []i32) : i32 = let ys = filter (>0) xs in f ys (\\zs -> zs[0])", ""},
		{"lambda first", "def g [n] (h: [n]i32 -> i32) (xs: [n]i32) : i32 = h xs\n" +
			"def main (xs: []i32) : i32 = g (\\ys -> ys[0]) (filter (>0) xs)", ""},
		{"pipeline", "def main (xs: []i32) : i32 = filter (>0) xs |> map (+1) |> reduce (+) 0", ""},
		// A size computed by a value argument is known before the later
		// arguments are; filter's size is existential, so the program
		// coerces it to the size of the other argument.
		{"value argument", "def main [n] (xs: [n]i32) : [n]i32 = map2 (+) (filter (>0) xs :> [n]i32) xs", ""},
		{"value argument, existential size", "def main (xs: []i32) : []i32 = map2 (+) (filter (>0) xs) xs",
			`t.fut:1:41: error: Cannot apply "map2" to argument 2: Sizes "d₁" and "?`},
		{"size computed in a lambda, needed by another", "def pick 'a (b: bool) (t: () -> a) (e: () -> a) : a = if b then t () else e ()\n" +
			"def main (b: bool) (xs: []i32) : []i32 = pick b (\\() -> xs) (\\() -> filter (>0) xs)",
			"Causality check: an anonymous size needed for the type of argument 2 of pick"},
		{"size computed in a lambda, through a sum type", "type opt 'a = #none | #some a\n" +
			"def pick 'a (b: bool) (t: () -> a) (e: () -> a) : a = if b then t () else e ()\n" +
			"def main (b: bool) (xs: []i32) : opt ([]i32) = pick b (\\() -> #none) (\\() -> #some (filter (>0) xs))",
			"computed inside the body of the lambda of argument 3"},
		{"lambdas whose sizes are known outside", "def pick 'a (b: bool) (t: () -> a) (e: () -> a) : a = if b then t () else e ()\n" +
			"def main (b: bool) (xs: []i32) : []i32 = pick b (\\() -> xs) (\\() -> map (+1) xs)", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("t.fut", tc.src)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.err != "" && err == nil:
				t.Fatalf("no error, want %q", tc.err)
			case tc.err != "" && !strings.Contains(err.Error(), tc.err):
				t.Fatalf("error %v, want %q", err, tc.err)
			}
		})
	}
}
