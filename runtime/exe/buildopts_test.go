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
