package backend_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestStencilKernelShape compiles HotSpot (bench/apps) and checks its
// blocked kernels: one barrier after the load and one per step (two
// buffers), the last step stored straight to the output, 32-bit offsets
// (the plan's narrow_offsets), the power map read once before the steps,
// and the rest kernel storing only the interior.
func TestStencilKernelShape(t *testing.T) {
	prog, err := pipeline.CompileFile(filepath.Join("..", "bench", "apps", "hotspot.fut"), nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	kernels := map[string]string{}
	for _, k := range strings.Split(src.OpenCL, "__kernel void ")[1:] {
		name, _, _ := strings.Cut(k, "(")
		if strings.HasPrefix(name, "stencil_") {
			kernels[name] = k
		}
	}
	if len(kernels) != 2 {
		t.Fatalf("%d stencil kernels, want the K-step one and its rest", len(kernels))
	}
	for name, k := range kernels {
		rest := strings.HasSuffix(name, "_rest")
		if n := strings.Count(k, "barrier("); n != 2 {
			t.Errorf("%s: %d barriers in its text, want 2 (after the load, after a step's writes)", name, n)
		}
		head, steps, ok := strings.Cut(k, "for (int fcc_k = 0;")
		if !ok {
			t.Fatalf("%s: no loop over the steps:\n%s", name, k)
		}
		if !strings.Contains(head, "v_power") || strings.Contains(steps, "v_power") {
			t.Errorf("%s: the power map is not read once before the steps:\n%s", name, k)
		}
		if !strings.Contains(steps, "out0[") || strings.Contains(steps, "= fcc_tile[fcc_l]") {
			t.Errorf("%s: the last step does not store straight to the output:\n%s", name, k)
		}
		if !strings.Contains(k, "fcc_ix fcc_l0") || strings.Contains(k, "(long)v_gtid") {
			t.Errorf("%s: offsets not 32-bit:\n%s", name, k)
		}
		if got := strings.Contains(steps, "fcc_act && fcc_l0 >="); got != rest {
			t.Errorf("%s: interior guard on the output %v, want %v:\n%s", name, got, rest, k)
		}
	}
}
