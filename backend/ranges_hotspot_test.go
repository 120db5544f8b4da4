package backend_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestHotSpotNoBoundsChecks compiles the HotSpot benchmark and checks that
// its stencil kernels (the segmaps that clamp the neighbours: the map,
// one kernel since flatten gives such a nest no outer version) have no
// failure sites: every read is provably in bounds (an index, max (i-1)
// 0, min (i+1) (r-1), and an element of iota c).
func TestHotSpotNoBoundsChecks(t *testing.T) {
	prog, err := pipeline.CompileFile(filepath.Join("..", "bench", "programs", "hotspot.fut"), nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	cl := src.OpenCL
	kernels := map[string]string{}
	for _, k := range strings.Split(cl, "__kernel void ")[1:] {
		name, _, _ := strings.Cut(k, "(")
		kernels[name] = k
	}
	stencils := 0
	for name, k := range kernels {
		// The stencil clamps the neighbours.
		if !strings.HasPrefix(name, "segmap_map_") || !strings.Contains(k, "max(") || !strings.Contains(k, "min(") {
			continue
		}
		stencils++
		if strings.Contains(k, "atomic_cmpxchg") || strings.Contains(k, "fcc_err[") {
			t.Errorf("%s has failure sites:\n%s", name, k)
		}
	}
	if stencils == 0 {
		t.Fatalf("no stencil kernel; kernels: %v", keys(kernels))
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
