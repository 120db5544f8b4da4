package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestRepeatedRunsReuseInputs checks what -r does with the arguments that
// stay on the device between runs: an argument the entry point consumes
// is uploaded again before every run (so each run sees the input, not
// the previous run's update), and an argument returned as a result is not
// released with the results of a run while later runs still use it.
func TestRepeatedRunsReuseInputs(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	prog, err := pipeline.CompileFile("testdata/rerun.fut", nil)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "rerun")
	if err := pipeline.Build(prog, exe, backend.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ entry, in, want string }{
		{"bump", "[10, 20, 30]", "[11i32, 20i32, 30i32]"},
		{"same", "[1, 2]", "[1i32, 2i32]"},
		{"both", "[5, 6] [7, 8]", "[5i32, 6i32]\n[7i32, 16i32]"},
	} {
		for _, runs := range []string{"1", "5"} {
			cmd := exec.Command(exe, "-e", c.entry, "-r", runs)
			cmd.Stdin = strings.NewReader(c.in)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s -r %s: %v\n%s", c.entry, runs, err, out)
			}
			if got := strings.TrimSpace(string(out)); got != c.want {
				t.Errorf("%s -r %s: got %q, want %q", c.entry, runs, got, c.want)
			}
		}
	}
}
