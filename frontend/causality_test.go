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
		{"slice before lambda", f + "def main (xs: []i32) : i32 = f xs[1:] (\\ys -> ys[0])",
			`Causality check: size "n"`},
		{"let first", f + "def main (xs: []i32) : i32 = let ys = filter (>0) xs in f ys (\\zs -> zs[0])", ""},
		{"lambda first", "def g [n] (h: [n]i32 -> i32) (xs: [n]i32) : i32 = h xs\n" +
			"def main (xs: []i32) : i32 = g (\\ys -> ys[0]) (filter (>0) xs)", ""},
		{"pipeline", "def main (xs: []i32) : i32 = filter (>0) xs |> map (+1) |> reduce (+) 0", ""},
		{"value argument", "def main (xs: []i32) : []i32 = map2 (+) (filter (>0) xs) xs", ""},
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
