package exe

import (
	"strings"
	"testing"
)

func TestPlatformBuildOptions(t *testing.T) {
	for _, c := range []struct {
		platform string
		want     string
	}{
		{"NVIDIA CUDA", "-DFCC_NVIDIA_PTX"},
		{"Portable Computing Language", ""},
		{"AMD Accelerated Parallel Processing", ""},
		{"Intel(R) OpenCL Graphics", ""},
	} {
		if got := strings.Join(platformBuildOptions(c.platform), " "); got != c.want {
			t.Errorf("%s: got %q, want %q", c.platform, got, c.want)
		}
	}
}

// TestUnreportedKernelSize checks which platforms' kernel work-group
// sizes KernelFits ignores.
func TestUnreportedKernelSize(t *testing.T) {
	for _, tc := range []struct {
		platform string
		want     bool
	}{
		{"NVIDIA CUDA", true},
		{"Portable Computing Language", false},
		{"AMD Accelerated Parallel Processing", false},
		{"", false},
	} {
		if got := unreportedKernelSize(tc.platform); got != tc.want {
			t.Errorf("unreportedKernelSize(%q) = %t, want %t", tc.platform, got, tc.want)
		}
	}
}
