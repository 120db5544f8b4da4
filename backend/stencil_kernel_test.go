package backend_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestStencilKernelShape compiles HotSpot (bench/apps) and checks its
// blocked kernels, of both versions: one barrier after the load and one per step (two
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
	// The host tries the wide version first, then the other, each where
	// its threshold holds and the device takes its work-groups.
	host := string(src.Host)
	wide := strings.Index(host, `Threshold("main.stencil_loop_26_wide", `)
	narrow := strings.Index(host, `} else if c.GPUThreshold("main.stencil_loop_26", `)
	if wide < 0 || narrow < wide || !strings.Contains(host[wide:narrow], "c.GroupFits(1024, 8192)") ||
		!strings.Contains(host[wide:narrow], `c.KernelFits("stencil_loop_26_wide", 1024) && c.KernelFits("stencil_loop_26_wide_rest", 1024)`) {
		t.Errorf("the host does not try the wide version (1024 work-items, 8 KiB, where its kernels take such groups) before the other:\n%s", host)
	}
	kernels := map[string]string{}
	for _, k := range strings.Split(src.OpenCL, "__kernel void ")[1:] {
		name, _, _ := strings.Cut(k, "(")
		if strings.HasPrefix(name, "stencil_") {
			kernels[name] = k
		}
	}
	// Two versions (the wide one: 32 x 32 cells, the other 16 x 16), each
	// a K-step kernel and its rest, two buffers of the tile each.
	tiles := map[string]string{"stencil_loop_26": "[512]", "stencil_loop_26_rest": "[512]", "stencil_loop_26_wide": "[2048]", "stencil_loop_26_wide_rest": "[2048]"}
	if len(kernels) != len(tiles) {
		t.Fatalf("stencil kernels %v, want %v", keys(kernels), tiles)
	}
	for name, k := range kernels {
		rest := strings.HasSuffix(name, "_rest")
		if tile, ok := tiles[name]; !ok || !strings.Contains(k, "__local float fcc_tile"+tile+";") {
			t.Errorf("%s: not a stencil kernel with a tile of %s:\n%s", name, tile, k)
		}
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
