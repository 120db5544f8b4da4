package backend_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/tests/spec"
)

// TestTiledVariants runs the tiled kernels of the corpus's tiling programs
// with every tile size the executable supports, set through --param
// (the corpus runs only the default ones), and checks the results
// against the data sets that tests/programs/tile_data/gen.py computed.
func TestTiledVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds executables")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	if out, err := exec.Command("clinfo", "-l").Output(); err != nil || !strings.Contains(string(out), "Platform") {
		t.Skip("no OpenCL platform (clinfo -l lists none)")
	}
	dir := filepath.Join("..", "tests", "programs")
	cases := []struct {
		prog   string
		data   []string // data set names in tile_data (with .in.gz and .out.gz)
		outer  string   // the flattening threshold whose outer version holds the tiled segmap
		params [][]string
	}{
		{"tile_matmul_f32", []string{"tile_matmul_f32_2", "tile_matmul_f32_4", "tile_matmul_f32_9", "tile_matmul_f32_10"}, "main.segred_map_outer", [][]string{
			{"main.tile_size_map=16", "main.reg_tile_size_map=8"},
			{"main.tile_size_map=16", "main.reg_tile_size_map=4"},
			{"main.tile_size_map=16", "main.reg_tile_size_map=2"},
			{"main.tile_size_map=8", "main.reg_tile_size_map=3"},
			// Force the plain version too.
			{"main.tile_map=1000000000"},
		}},
		{"tile_abt_i32", []string{"tile_abt_i32_3", "tile_abt_i32_10"}, "main.segred_map_outer", [][]string{
			{"main.tile_size_map=16", "main.reg_tile_size_map=8"},
			{"main.tile_size_map=8", "main.reg_tile_size_map=2"},
		}},
		{"tile_nbody", []string{"tile_nbody_1", "tile_nbody_5"}, "main.dist_map_outer", [][]string{
			{"main.tile_size_map=1"},
			{"main.tile_size_map=7"},
			{"main.tile_size_map=64"},
		}},
	}
	for _, c := range cases {
		t.Run(c.prog, func(t *testing.T) {
			t.Parallel()
			prog, err := pipeline.CompileFile(filepath.Join(dir, c.prog+".fut"), nil)
			if err != nil {
				t.Fatal(err)
			}
			exe := filepath.Join(t.TempDir(), c.prog)
			if err := pipeline.Build(prog, exe, backend.BuildOptions{}); err != nil {
				t.Fatal(err)
			}
			for _, d := range c.data {
				in, err := spec.ReadDataFile(filepath.Join(dir, "tile_data", d+".in.gz"))
				if err != nil {
					t.Fatal(err)
				}
				want, err := spec.ReadDataFile(filepath.Join(dir, "tile_data", d+".out.gz"))
				if err != nil {
					t.Fatal(err)
				}
				for _, ps := range c.params {
					// The data sets are small: make the outer version run.
					args := []string{"--param", c.outer + "=1"}
					for _, p := range ps {
						args = append(args, "--param", p)
					}
					cmd := exec.Command(exe, args...)
					cmd.Stdin = bytes.NewReader(in)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					out, err := cmd.Output()
					what := fmt.Sprintf("%s with %v", d, ps)
					if err != nil {
						t.Fatalf("%s: %v\n%s", what, err, stderr.String())
					}
					got, err := spec.ReadValues(out)
					if err != nil {
						t.Fatalf("%s: reading the output: %v", what, err)
					}
					exp, err := spec.ReadExpected(want, got)
					if err != nil {
						t.Fatal(err)
					}
					if m := spec.Compare(exp, got); m != nil {
						t.Errorf("%s: %s", what, m.Msg)
					}
				}
			}
		})
	}
}
