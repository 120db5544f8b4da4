package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tunedProgram has one real threshold: the map of a reduction is run
// either as one segmap (each work-item sums a row) or as a segmented
// reduction, chosen by comparing the number of rows with
// main.segred_map_outer. Its data sets are small, to keep the test fast.
const tunedProgram = `-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] } output { [6f32, 14f32] }
-- random input { [3][500]f32 }
-- random input { [500][3]f32 }
-- nobench notune input { [[1f32]] } output { [2f32] }
def main (m: [][]f32) : []f32 = map (\r -> reduce (+) 0 (map (*2) r)) m
`

// TestAutotune tunes a program, checks the tuning file, and checks that
// fcc test and fcc bench pass it to the executable.
func TestAutotune(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "rows.fut")
	if err := os.WriteFile(prog, []byte(tunedProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runFcc("autotune", "-r", "1", "-v", prog)
	if code != 0 {
		t.Fatalf("autotune: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(prog + ".tuning")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^main\.segred_map_outer=([0-9]+)\n$`).FindStringSubmatch(string(data))
	if m == nil {
		t.Fatalf("tuning file:\n%s\nstderr:\n%s", data, stderr)
	}
	// The value is one that decides some data set's comparison (its
	// number of rows) or the bound that makes every comparison false.
	if v, _ := strconv.Atoi(m[1]); v != 2 && v != 3 && v != 500 && v != thresholdMax {
		t.Errorf("tuned value %d is none of the candidates", v)
	}
	for _, want := range []string{"Compiling " + prog, "Tuning main.segred_map_outer on entry point main and data set", "Wrote " + prog + ".tuning"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "Result of autotuning:\n"+string(data)) {
		t.Errorf("stdout: %q", stdout)
	}

	// fcc test passes the tuning file to the executable, which accepts it.
	if code, stdout, stderr := runFcc("test", "--no-terminal", prog); code != 0 || !strings.Contains(stdout, "4 passed, 0 failed") {
		t.Errorf("test with the tuning file: exit %d\n%s%s", code, stdout, stderr)
	}
	// A tuning file naming no parameter of the program makes every
	// compiled case fail, which shows that it is used; --no-tuning and
	// another extension leave it alone.
	if err := os.WriteFile(prog+".tuning", []byte("nosuch=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runFcc("test", "--no-terminal", prog); code != 1 || !strings.Contains(stderr, `unknown tuning parameter "nosuch"`) {
		t.Errorf("test with a bad tuning file: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runFcc("test", "--no-terminal", "--no-tuning", prog); code != 0 {
		t.Errorf("test --no-tuning: exit %d\n%s%s", code, stdout, stderr)
	}
	if err := os.WriteFile(prog+".mine", data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runFcc("bench", "-r", "1", "--no-terminal", "--tuning=mine", prog)
	if code != 0 || !strings.Contains(stdout, "(using rows.fut.mine)") {
		t.Errorf("bench --tuning=mine: exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestAutotuneErrors(t *testing.T) {
	noData := writeProgram(t, "-- ==\n-- nobench input { 1 }\ndef main (x: i32) = x + 1\n")
	notBuilt := writeProgram(t, "-- ==\n-- input { 1 }\ndef main (x: i32) = x + 1\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no program", []string{"autotune"}, 2, "expected 1 program file"},
		{"backend", []string{"autotune", "--backend=cuda", noData}, 2, `backend "cuda" is not supported`},
		{"runs", []string{"autotune", "-r", "0", noData}, 2, "--runs must be at least 1"},
		{"extension", []string{"autotune", "--tuning=", noData}, 2, "is not a file name extension"},
		{"no data sets", []string{"autotune", noData}, 1, "has no data sets to tune on"},
		{"missing", []string{"autotune", "/nonexistent/x.fut"}, 1, "no such file"},
		{"skip compilation", []string{"autotune", "--skip-compilation", notBuilt}, 1, "--skip-compilation: no executable"},
	}
	for _, tc := range tests {
		code, _, stderr := runFcc(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d (want %d), stderr %q (want %q)", tc.name, code, tc.code, stderr, tc.stderr)
		}
	}
}

func TestComparisons(t *testing.T) {
	log := "Compared main.a_outer <= 100: true.\nPeak device memory usage: 8 bytes\n" +
		"Compared main.a_outer <= 100: true.\nCompared main.b_outer <= -3: false.\nCompared main.a_outer <= 7: false.\n"
	got := comparisons(log)
	if len(got) != 2 || len(got["main.a_outer"]) != 2 || got["main.a_outer"][0] != 100 || got["main.a_outer"][1] != 7 || got["main.b_outer"][0] != -3 {
		t.Errorf("comparisons: %v", got)
	}
	if s := sortedUnique([]int64{5, 1, 5, 3, 1}); len(s) != 3 || s[0] != 1 || s[1] != 3 || s[2] != 5 {
		t.Errorf("sortedUnique: %v", s)
	}
}
