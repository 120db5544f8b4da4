package frontend

import (
	"testing"

	"github.com/fcclang/fcc/soac"
)

func TestAccumulators(t *testing.T) {
	const w = "def w [n] (acc: *intrinsics.acc ([n]i32)) (i: i64) (v: i32) : *intrinsics.acc ([n]i32) = intrinsics.acc_write (acc, i, v)\n"
	tests := []struct{ name, src, input, want string }{
		{"scatter stream",
			w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) i -> w acc (i * 2) (i32.i64 i + 1), iota 2)",
			"[0, 0, 0, 0]", "[1i32, 0i32, 2i32, 0i32]"},
		{"writes out of bounds are ignored",
			w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) i -> w (w acc (-i - 1) 7) (i + 2) 5, iota 3)",
			"[0, 0, 0]", "[0i32, 0i32, 5i32]"},
		{"hist stream combines",
			w + "def main (xs: *[]i32) = intrinsics.hist_stream (xs, (+), 0, \\(acc: *[]i32) i -> w (w acc 0 (i32.i64 i)) 1 1, iota 4)",
			"[10, 10]", "[16i32, 14i32]"},
		{"hist stream with max",
			w + "def main (xs: *[]i32) = intrinsics.hist_stream (xs, i32.max, i32.lowest, \\(acc: *[]i32) i -> w acc (i % 2) (i32.i64 i), iota 5)",
			"[3, 0]", "[4i32, 3i32]"},
		{"a write belongs to the innermost stream",
			w + "def main (xs: *[]i32) = intrinsics.hist_stream (xs, (+), 0, \\(acc: *[]i32) i -> w acc 0 (intrinsics.scatter_stream ([0i32], \\(a: *[]i32) j -> w a 0 (i32.i64 (i + j)), iota 2))[0], iota 2)",
			"[0]", "[3i32]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s: got %s, want %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
}

// TestAccumulatorLowering: a function that writes a fixed number of times
// becomes a map and scatters (histograms for hist_stream); one that
// writes in a loop or a branch stays a sequential loop.
func TestAccumulatorLowering(t *testing.T) {
	const w = "def w [n] (acc: *intrinsics.acc ([n]i32)) (i: i64) (v: i32) : *intrinsics.acc ([n]i32) = intrinsics.acc_write (acc, i, v)\n"
	tests := []struct {
		name, src           string
		scatter, hist, loop bool
	}{
		{"straight scatter", w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) i -> w (w acc i 1) (i + 1) 2, iota 2)", true, false, false},
		{"straight hist", w + "def main (xs: *[]i32) = intrinsics.hist_stream (xs, (+), 0, \\(acc: *[]i32) i -> w acc i 1, iota 2)", false, true, false},
		{"no writes", w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) _ -> acc, iota 2)", false, false, false},
		{"writes in a loop", w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) i -> loop acc for j < i do w acc j 1, iota 2)", false, false, true},
		{"write in a branch", w + "def main (xs: *[]i32) = intrinsics.scatter_stream (xs, \\(acc: *[]i32) i -> if i > 0 then w acc i 1 else acc, iota 2)", false, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compile("t.fut", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var scatter, hist, loop bool
			for _, f := range p.Funs {
				soac.VisitExps(f.Body, func(e soac.Exp) {
					switch e.(type) {
					case *soac.ScatterExp:
						scatter = true
					case *soac.HistExp:
						hist = true
					case *soac.LoopExp:
						loop = true
					}
				})
			}
			if scatter != tc.scatter || hist != tc.hist || loop != tc.loop {
				t.Errorf("scatter %v, hist %v, loop %v; want %v, %v, %v", scatter, hist, loop, tc.scatter, tc.hist, tc.loop)
			}
		})
	}
}
