package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestPrivateScratch checks the private-scratch versions of segmaps
// (soac.ScratchPlan): a map whose work-items make arrays gets a second
// kernel, NAME_p, without the scratch parameters and with each array in
// private memory at the plan's cap, which the host launches only when
// every array fits it; a map that makes none, or whose arrays would take
// more private memory than the plan allows, gets no such version.
func TestPrivateScratch(t *testing.T) {
	tests := []struct {
		name, src string
		private   bool // whether it gets private versions
	}{
		{"loop-carried array", `def main (n: i64) (m: i64) : [n]f32 =
  map (\j -> f32.sum (loop y = replicate m (f32.i64 j) for i < m do y with [i] = y[i] * 2)) (iota n)`, true},
		{"two arrays", `def main (n: i64) (m: i64) : [n]f32 =
  map (\j -> let a = loop y = replicate m (f32.i64 j) for i < m do y with [i] = y[i] * 2
             let b = loop y = replicate m 1f32 for i < m do y with [i] = y[i] + a[i]
             in f32.sum b) (iota n)`, true},
		{"a 2-D array", `def main (n: i64) (a: i64) (b: i64) : [n]i64 =
  map (\j -> i64.sum (flatten (loop g = replicate a (replicate b j) for r in 1..<a do g with [r] = map2 (+) g[r] g[r - 1]))) (iota n)`, true},
		// Five arrays of f32 at 64 elements take 1280 bytes, over the
		// plan's 1024: no private version.
		{"over the budget", `def main (n: i64) (m: i64) : [n]f32 =
  map (\j -> let f k = loop y = replicate m (f32.i64 (j + k)) for i < m do y with [i] = y[i] * 2
             let (a, b, c, d, e) = (f 1, f 2, f 3, f 4, f 5)
             in f32.sum (map5 (\p q r s t -> p + q * r - s / t) a b c d e)) (iota n)`, false},
		{"no arrays", `def main (xs: []f32) : []f32 = map (\x -> x * 2 + 1) xs`, false},
		{"a loop without arrays", `def main (xs: []i64) : []i64 = map (\x -> loop a = x for i < 10 do a * 3 + i) xs`, false},
	}
	sig := regexp.MustCompile(`(?s)__kernel void (\w+)_p\(([^)]*)\)\s*\{\n((?:  \w+ fcc_scratch\d+\[64\];\n)*)`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := pipeline.Compile("t.fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			m := sig.FindAllStringSubmatch(src.OpenCL, -1)
			host := string(src.Host)
			if !tc.private {
				if len(m) > 0 || strings.Contains(host, "fccFitsPrivate(64") {
					t.Fatalf("a private version of a map without arrays: %q", m)
				}
				return
			}
			if len(m) == 0 {
				t.Fatalf("no private version:\n%s", src.OpenCL)
			}
			for _, v := range m {
				name, params, decls := v[1], v[2], v[3]
				if strings.Contains(params, "fcc_scratch") {
					t.Errorf("the private version %s_p takes scratch parameters: %s", name, params)
				}
				// As many private arrays as the global version has
				// scratch buffers.
				glob := regexp.MustCompile(`__kernel void ` + name + `\(([^)]*)\)`).FindStringSubmatch(src.OpenCL)
				if glob == nil {
					t.Errorf("no global-scratch version %s beside the private one", name)
					continue
				}
				want := strings.Count(glob[1], "fcc_scratch")
				if got := strings.Count(decls, "fcc_scratch"); got != want || want == 0 {
					t.Errorf("%s_p declares %d private arrays, its global version has %d scratch buffers", name, got, want)
				}
				// The host launches the private version only where every
				// array fits, and the global one with its scratch
				// otherwise.
				priv := strings.Index(host, `c.LaunchArgs("`+name+`_p"`)
				fits := strings.LastIndex(host[:max(priv, 0)], "if c.PrivateScratch() && fccFitsPrivate(64, ")
				other := strings.Index(host, `c.LaunchArgs("`+name+`"`)
				if priv < 0 || fits < 0 || other < priv || strings.Count(host[fits:priv], "fccFitsPrivate(64, ") != want {
					t.Errorf("the host does not choose %s's version by its arrays' sizes", name)
				}
			}
		})
	}
}
