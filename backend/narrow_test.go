package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestNarrowKernels checks that kernels of every kind hold the i64
// scalars the prove pass bounds within 32 bits in int (a loop index
// below a constant, the products and sums of it), and keep in 64 bits
// those it cannot bound (an index below the input's size).
func TestNarrowKernels(t *testing.T) {
	for _, c := range []struct {
		name, src    string
		narrow, wide []string // C patterns that must, must not appear
	}{
		{"segmap with a loop", `
def main (xs: []i32) : []i32 =
  map (\x -> loop acc = x for i < 100 do acc + i32.i64 (i * 3 + 1)) xs
`, []string{`for \(int it_\d+ = 0;`, `int v_x_\d+ = \(\(int\)\(\(uint\)v_i_\d+ \* \(uint\)`}, []string{`long v_x_\d+ =`}},
		{"segred with a loop", `
def main (xs: []i64) : i64 =
  i64.sum (map (\x -> loop acc = x for i < 10 do acc * 3 + i * i) xs)
`, []string{`int v_x_\d+ = \(\(int\)\(\(uint\)v_i_\d+ \* \(uint\)v_i_\d+\)\)`}, nil},
		{"an index below the input's size", `
def main [n] (xs: [n]i64) : [n]i64 =
  map (\i -> xs[i] + i * 2) (iota n)
`, []string{`long v_x_\d+ =`}, []string{`int v_x_\d+ =`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := pipeline.Compile(c.name+".fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			gen, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			var code strings.Builder
			for name, k := range kernelSources(gen.OpenCL) {
				if strings.HasPrefix(name, "fcc_") {
					continue
				}
				code.WriteString(k)
			}
			for _, p := range c.narrow {
				if !regexp.MustCompile(p).MatchString(code.String()) {
					t.Errorf("no %s in\n%s", p, code.String())
				}
			}
			for _, p := range c.wide {
				if regexp.MustCompile(p).MatchString(code.String()) {
					t.Errorf("%s in\n%s", p, code.String())
				}
			}
		})
	}
}
