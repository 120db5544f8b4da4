package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestStreamingMapOnePointKernel fails if a streaming segmap (several
// points per work-item from 2^22 points up) has no kernel of its own for
// one point per work-item, if that kernel holds the strided loop (whose
// registers it would then need), or if the host does not launch the
// strided kernel from 2^22 points up and the one-point kernel below. A
// map with a loop in its body (one point per work-item always) gets one
// kernel.
func TestStreamingMapOnePointKernel(t *testing.T) {
	for _, c := range []struct {
		name, src string
		pair      bool
	}{
		{"streaming", `def main [n] (xs: [n]f32) : [n]f32 = map (\x -> x * 2 + 1) xs
`, true},
		{"two-dimensional", `def main [n][m] (xs: [n][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j -> xs[i, j] + xs[i64.max (i - 1) 0, j])
`, true},
		{"a loop per point", `def main [n] (xs: [n]i32) : [n]i32 =
  map (\x -> loop a = x for i < 10 do a * 3 + i32.i64 i) xs
`, false},
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
			ks := kernelSources(gen.OpenCL)
			host := string(gen.Host)
			pairs := 0
			for name, code := range ks {
				if !strings.HasPrefix(name, "segmap_") {
					continue
				}
				if strings.HasSuffix(name, "_one") {
					if !c.pair {
						t.Errorf("a map of one point per work-item got %s", name)
					}
					if strings.Contains(code, "fcc_base") {
						t.Errorf("kernel %s holds the strided loop:\n%s", name, code)
					}
					continue
				}
				if !strings.Contains(code, "fcc_base") {
					continue
				}
				one := name + "_one"
				if _, ok := ks[one]; !ok {
					t.Errorf("strided kernel %s has no %s", name, one)
					continue
				}
				pairs++
				i := strings.Index(host, ">= 4194304 {")
				s, o := strings.Index(host, `"`+name+`"`), strings.Index(host, `"`+one+`"`)
				if i < 0 || s < i || o < s {
					t.Errorf("the host does not launch %s from 4194304 points up and %s below:\n%s", name, one, host)
				}
			}
			if c.pair && pairs == 0 {
				t.Errorf("no strided kernel:\n%s", gen.OpenCL)
			}
		})
	}
}
