package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestDynamicSizes checks which arrays whose size a kernel computes are
// compiled (allocated per work-item at a bound known before the launch,
// with the size checked against it in the kernel) and which are refused
// with the located message naming the size.
func TestDynamicSizes(t *testing.T) {
	tests := []struct {
		name, src string
		refused   string // a regexp of the refusal; "" when it compiles
		prePass   bool   // whether a pre-pass kernel computes the sizes
	}{
		{"filter in a map", `def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs in i32.sum (scan (+) 0 ys)) xss`, "", false},
		{"iota of n mod m", `def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let a = iota (n % m) in i64.sum (map2 (*) a (reverse a))) ns`, "", false},
		{"iota of a min", `def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let a = iota (i64.min n m) in i64.sum (map2 (*) a (reverse a))) ns`, "", false},
		{"branches of different sizes", `def main (xs: []i64) (k: i64) : []i64 =
  map (\x -> let a = if x > 0 then iota (x % 4) else replicate k 2 in i64.sum (scan (+) 0 a)) xs`, "", false},
		{"concat of filtered parts", `def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs ++ filter (< 0) xs in i32.sum (scan (+) 0 ys)) xss`, "", false},
		// No bound before the launch: a pre-pass computes the sizes.
		{"iota of a size read from an element", `def main (ns: []i64) : []i64 =
  map (\n -> let a = iota n in i64.sum (map2 (*) a (reverse a))) ns`, "", true},
		{"replicate of an element of another array", `def main (xs: []i32) (js: []i64) : []i64 =
  map (\j -> let b = scan (+) 0 (replicate (i64.i32 xs[j]) 1i64) in i64.sum b) js`, "", true},
		// Sizes bound inside a loop or an inner map of the work-item: the
		// pre-pass runs the loop or map without the arrays, keeping the
		// largest size.
		{"size from a loop variable", `def main (ns: []i64) : []i64 =
  map (\n -> loop acc = 0 for j < n do acc + i64.sum (scan (+) 0 (replicate (j * j) 1))) ns`, "", true},
		{"size from an element of an inner map", `def main [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs -> let ys = map (\x -> (scan (+) 0 (iota x))[x / 2]) xs in ys[m / 2]) xss`, "", true},
		{"array doubled in a while loop", `def main (ns: []i64) : []i64 =
  map (\n -> let r = loop arr = [1i64] while length arr < n do arr ++ arr in r[0] + length r) ns`, "", true},
		{"rows doubled in a while loop", `def main (ns: []i64) : []i64 =
  map (\n -> let r = loop arr = [[1i64], [2i64]] while length arr[0] < n do map (\row -> row ++ row) arr in r[1, 0]) ns`, "", true},
		{"size from an element in a segred's body", `def main [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs -> i64.sum (map (\x -> i64.sum (scan (+) 0 (iota x))) xs)) xss`, "", true},
		// Still refused: a size that depends on an array the body makes
		// (a pre-pass allocates nothing).
		{"size from an array the body makes", `def main (ns: []i64) : []i64 =
  map (\n -> let m = i64.sum (scan (+) 0 (replicate n 1)) in i64.sum (scan (+) 0 (replicate m 1))) ns`,
			`not yet supported by the OpenCL backend: an array inside a kernel whose size \(\S+\) is computed in the kernel at t\.fut:2:\d+`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := pipeline.Compile("t.fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if tc.refused != "" {
				if err == nil || !regexp.MustCompile(tc.refused).MatchString(err.Error()) {
					t.Fatalf("got error %v, want one matching %s", err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// The size is checked against its bound in the kernel.
			if !strings.Contains(string(src.Host), "exceeds its bound") || !strings.Contains(src.OpenCL, "fcc_scratch") {
				t.Errorf("no array allocated at a bound in the kernels")
			}
			if strings.Contains(tc.name, "loop") && strings.Contains(tc.name, "doubled") && !strings.Contains(string(src.Host), "a loop in a kernel carries exceeds its bound") {
				t.Errorf("no check of the size a loop carries")
			}
			if got := strings.Contains(src.OpenCL, "__kernel void presize_"); got != tc.prePass {
				t.Errorf("a pre-pass kernel: %v, want %v", got, tc.prePass)
			}
		})
	}
}
