package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// TestTestHugeRandomInput checks that a random input too large for the
// memory fails its own case with a clear message while the other cases
// and programs run.
func TestTestHugeRandomInput(t *testing.T) {
	t.Setenv(values.MemoryLimitEnv, "16G")
	dir := t.TempDir()
	for name, text := range map[string]string{
		"huge.fut":  "-- ==\n-- random input { [100000000000]f32 }\n-- random input { [10]f32 } output { 10i64 }\ndef main (xs: []f32) = length xs\n",
		"other.fut": "-- ==\n-- input { 2 } output { 4 }\ndef main (x: i32) = x * 2\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runFcc("test", "-i", dir)
	if code != 1 || !strings.Contains(stdout, "2 passed, 1 failed") ||
		!strings.Contains(stdout+stderr, "random input [100000000000]f32: cannot allocate 800000000000 bytes for the random input (generated and encoded): more than the memory limit of 17179869184 bytes") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
