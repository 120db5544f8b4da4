package frontend

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/soac"
)

// TestRegularResults covers maps of functions whose results have sizes
// bound outside the map only by their declared types or by loops that keep
// their arrays' sizes: the result gets the declared (or initial) sizes,
// with a run-time check where they are not provably the same.
func TestRegularResults(t *testing.T) {
	runs := []struct{ name, src, input, want string }{
		{"loop in function in map",
			"def f [n] (y: [n]f32) : [n]f32 = let x = copy y in loop x for i < n - 1 do map (+1) x\n" +
				"def main [m][n] (y: [m][n]f32) : [m][n]f32 = map f y",
			"[[1,2],[3,4]]", "[[2.0f32, 3.0f32], [4.0f32, 5.0f32]]"},
		{"loop in lambda keeps size",
			"def main [m][n] (y: [m][n]i32) = map (\\r -> loop r for i < 3 do map (*2) r) y",
			"[[1,2],[3,4]]", "[[8i32, 16i32], [24i32, 32i32]]"},
		{"while loop in lambda keeps size",
			"def main [m][n] (y: [m][n]i32) = map (\\r -> (loop (r, i) = (r, 0i32) while i < 2 do (map (+1) r, i + 1)).0) y",
			"[[1,2],[3,4]]", "[[3i32, 4i32], [5i32, 6i32]]"},
		{"for-in loop in lambda keeps size",
			"def main [m][n] (y: [m][n]i32) = map (\\r -> loop acc = r for x in r do map (+x) acc) y",
			"[[1,2],[3,4]]", "[[4i32, 5i32], [10i32, 11i32]]"},
		{"tridiag-like map4 of loops",
			"def tri [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (y: [n]f32) : [n]f32 =\n" +
				"  let cp = replicate n 0f32\n" +
				"  let cp[0] = c[0] / (b[0] + 3)\n" +
				"  let cp = loop cp for i in 1..<n do let cp[i] = a[i] * cp[i-1] + y[i] in cp\n" +
				"  let x = copy cp\n" +
				"  in loop x for i in n - 2..n - 3...0 do let x[i] = cp[i] - x[i + 1] in x\n" +
				"def main [m][n] (steps: i32) (a: [m][n]f32) (b: [m][n]f32) (c: [m][n]f32) (y: [m][n]f32) : [m][n]f32 =\n" +
				"  loop y for _t < steps do map4 tri a b c y",
			"2i32 [[1,1,1],[2,2,2]] [[1,1,1],[1,1,1]] [[4,4,4],[8,8,8]] [[1,2,3],[1,1,1]]",
			"[[7.0f32, -6.0f32, 4.0f32], [11.0f32, -9.0f32, 7.0f32]]"},
		{"declared n+1 result in map",
			"def g [n] (x: [n]i32) : [n+1]i32 = concat x [0]\n" +
				"def main [m][n] (y: [m][n]i32) : [m][n+1]i32 = map g y",
			"[[1,2],[3,4]]", "[[1i32, 2i32, 0i32], [3i32, 4i32, 0i32]]"},
		{"declared size of filter result",
			"def g [n] (x: [n]i32) : [n]i32 = filter (>0) x :> [n]i32\n" +
				"def main [m][n] (y: [m][n]i32) = map g y",
			"[[1,2],[3,4]]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"declared size wrong at run time",
			"def g [n] (x: [n]i32) : [n]i32 = filter (>0) x :> [n]i32\n" +
				"def main [m][n] (y: [m][n]i32) = map g y",
			"[[1,2],[3,0]]", "error: t.fut:1:34: size mismatch: value cannot be coerced to type [n]i32"},
		{"declared n+1 wrong at run time",
			"def g [n] (x: [n]i32) : [n+1]i32 = (x ++ filter (>1) x) :> [n+1]i32\n" +
				"def main [m][n] (y: [m][n]i32) = map g y",
			"[[1,2],[3,4]]", "error: t.fut:1:36: size mismatch: value cannot be coerced to type [n+1]i32"},
		{"declared size of loop that changes size",
			"def g (x: i32) : [4]i32 = (loop xs = [x] for _i < 2 do xs ++ xs) :> [4]i32\n" +
				"def main (y: []i32) = map g y",
			"[1,2]", "[[1i32, 1i32, 1i32, 1i32], [2i32, 2i32, 2i32, 2i32]]"},
		{"term parameter as declared size",
			"def g (k: i64) (x: i32) : [k]i32 = filter (>= 0) (replicate k x) :> [k]i32\n" +
				"def main (k: i64) (y: []i32) = map (g k) y",
			"2 [1,2]", "[[1i32, 1i32], [2i32, 2i32]]"},
		{"lambda with declared result",
			"def main [m][n] (y: [m][n]i32) = map (\\r : [n]i32 -> filter (>0) r :> [n]i32) y",
			"[[1,2],[3,4]]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"local function with declared result",
			"def main [m][n] (y: [m][n]i32) = let h [k] (r: [k]i32) : [k]i32 = filter (>0) r :> [k]i32 in map h y",
			"[[1,2],[3,4]]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"tuple result with declared sizes",
			"def g [n] (x: [n]i32) : ([n]i32, i32, [n+2]i32) = (filter (>0) x :> [n]i32, 1, x ++ [1, 2])\n" +
				"def main [m][n] (y: [m][n]i32) = unzip3 (map g y)",
			"[[1],[3]]", "[[1i32], [3i32]] [1i32, 1i32] [[1i32, 1i32, 2i32], [3i32, 1i32, 2i32]]"},
		// The sizes of a type parameter's instance are the caller's, not
		// the names of the callee's own size or term parameters.
		{"instance size named like a size parameter",
			"def f [n] 't (xs: [n]i32) (y: t) : t = y\n" +
				"def main [n][m] (a: [m]i32) (b: [n]f32) = f a b",
			"[1,2] [1,2,3]", "[1.0f32, 2.0f32, 3.0f32]"},
		{"instance size named like a term parameter",
			"def f 't (n: i64) (y: t) : t = y\n" +
				"def main [n] (k: i64) (b: [n]f32) = f k b",
			"2 [1,2,3]", "[1.0f32, 2.0f32, 3.0f32]"},
		{"loop that changes size still works",
			"def main (n: i32) (xs: []i32) = loop (xs, ys) = (xs, xs) for _i < n do (map (+1) xs, ys ++ ys)",
			"2 [1]", "[3i32] [1i32, 1i32, 1i32, 1i32]"},
	}
	for _, tc := range runs {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := Compile("t.fut", tc.src)
			if err != nil {
				t.Fatalf("%s\n%v", tc.src, err)
			}
			if err := soac.Validate(prog); err != nil {
				t.Fatalf("%s\ninvalid IR: %v\n%s", tc.src, err, soac.Print(prog))
			}
			if got := run(t, tc.src, tc.input); got != tc.want {
				t.Errorf("%s\ninput %s:\ngot  %s\nwant %s", tc.src, tc.input, got, tc.want)
			}
		})
	}
	diags := []struct{ name, src, want string }{
		{"irregular without declared type", "def g (x: i32) = loop xs = [x] for _i < 2 do xs ++ xs\ndef main (y: []i32) = map g y", "the result would be an irregular array"},
		{"irregular lambda", "def main (xs: []i64) = map (\\n -> iota (n + 1)) xs", "type variable 'b cannot be instantiated with type []i64"},
	}
	for _, tc := range diags {
		t.Run(tc.name, func(t *testing.T) { expectCompileError(t, tc.src, tc.want) })
	}
}

// TestLoopKeepsSize checks that a loop whose body returns arrays of its
// parameters' sizes has no existential sizes, and one whose arrays grow
// has them.
func TestLoopKeepsSize(t *testing.T) {
	for _, tc := range []struct {
		src   string
		exist bool
	}{
		{"def main [n] (xs: [n]i32) = loop xs for i < 3 do map (+1) xs", false},
		{"def main [n] (xs: [n]i32) = loop xs for i < 3 do xs ++ xs", true},
	} {
		prog, err := Compile("t.fut", tc.src)
		if err != nil {
			t.Fatalf("%s\n%v", tc.src, err)
		}
		ir := soac.Print(prog)
		if got := strings.Contains(ir, "loop_d"); got != tc.exist {
			t.Errorf("%s: existential loop sizes %v, want %v\n%s", tc.src, got, tc.exist, ir)
		}
	}
}
