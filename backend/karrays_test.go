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
	}{
		{"filter in a map", `def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs in i32.sum (scan (+) 0 ys)) xss`, ""},
		{"iota of n mod m", `def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let a = iota (n % m) in i64.sum (map2 (*) a (reverse a))) ns`, ""},
		{"iota of a min", `def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let a = iota (i64.min n m) in i64.sum (map2 (*) a (reverse a))) ns`, ""},
		{"branches of different sizes", `def main (xs: []i64) (k: i64) : []i64 =
  map (\x -> let a = if x > 0 then iota (x % 4) else replicate k 2 in i64.sum (scan (+) 0 a)) xs`, ""},
		{"concat of filtered parts", `def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs ++ filter (< 0) xs in i32.sum (scan (+) 0 ys)) xss`, ""},
		{"iota of an unbounded size", `def main (ns: []i64) : []i64 =
  map (\n -> let a = iota n in i64.sum (map2 (*) a (reverse a))) ns`,
			`not yet supported by the OpenCL backend: an array inside a kernel whose size \(\S+\) is computed in the kernel at t\.fut:2:\d+`},
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
		})
	}
}
