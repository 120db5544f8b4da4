package backend_test

import (
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
)

// TestGenerateDeterministic checks that generating a program's code again
// gives the same text: the order of a kernel's scratch parameters once
// depended on the iteration of a map (a loop's spare buffers), and
// lib_linalg_inv_f32's kernels differed about one compilation in six.
func TestGenerateDeterministic(t *testing.T) {
	const runs = 16
	for _, tc := range []struct{ name, path, src string }{
		{name: "loop with two copied arrays", src: `
def main (xss: [][4]f32) : []f32 =
  map (\xs ->
    let (a, b, c) = loop (a, b, c) = (copy xs, copy xs, copy xs) for i < 3 do
      (map2 (+) a b, map2 (*) b c, map2 (-) c a)
    in f32.sum a + f32.sum b + f32.sum c) xss`},
		{name: "lib_linalg_inv_f32", path: "../tests/programs/lib_linalg_inv_f32.fut"},
		// Two segmap_groups, each with its tunable group size.
		{name: "intra_rowloop", path: "../tests/programs/intra_rowloop.fut"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var prog *soac.Program
			var err error
			if tc.path != "" {
				prog, err = pipeline.CompileFile(tc.path, nil)
			} else {
				prog, err = pipeline.Compile("t.fut", tc.src, nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			first, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < runs; i++ {
				src, err := backend.Generate(prog)
				if err != nil {
					t.Fatal(err)
				}
				if src.OpenCL != first.OpenCL || string(src.Host) != string(first.Host) {
					t.Fatalf("generation %d differs from the first", i+1)
				}
			}
		})
	}
}
