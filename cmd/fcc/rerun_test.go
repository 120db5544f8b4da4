package main

import (
	"fmt"
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
	exe := buildTestdata(t, "rerun")
	runEntries(t, exe, []string{"1", "5"}, []entryCase{
		{"bump", "[10, 20, 30]", "[11i32, 20i32, 30i32]"},
		{"same", "[1, 2]", "[1i32, 2i32]"},
		{"both", "[5, 6] [7, 8]", "[5i32, 6i32]\n[7i32, 16i32]"},
	})
}

// buildTestdata compiles testdata/name.fut into an executable, or skips
// the test where executables cannot be built.
func buildTestdata(t *testing.T, name string) string {
	t.Helper()
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	prog, err := pipeline.CompileFile("testdata/"+name+".fut", nil)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), name)
	if err := pipeline.Build(prog, exe, backend.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return exe
}

// entryCase is an entry point's input and expected output, as text.
type entryCase struct{ entry, in, want string }

// runEntries runs exe on each case with each -r count and compares the
// output (of the last run) with the expected one.
func runEntries(t *testing.T, exe string, runs []string, cases []entryCase) {
	t.Helper()
	for _, c := range cases {
		for _, r := range runs {
			cmd := exec.Command(exe, "-e", c.entry, "-r", r)
			cmd.Stdin = strings.NewReader(c.in)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s -r %s: %v\n%s", c.entry, r, err, out)
			}
			if got := strings.TrimSpace(string(out)); got != c.want {
				t.Errorf("%s -r %s: got %.200q, want %.200q", c.entry, r, got, c.want)
			}
		}
	}
}

// TestScansAcrossLaunches runs scans of several tiles many times in one
// run (in a loop) and over repeated runs, flat and segmented: each launch
// must see only the tile values that it published itself.
func TestScansAcrossLaunches(t *testing.T) {
	exe := buildTestdata(t, "rescan")
	text := func(xs []int32) string {
		var b strings.Builder
		b.WriteString("[")
		for i, x := range xs {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%di32", x)
		}
		b.WriteString("]")
		return b.String()
	}
	scan := func(xs []int32) []int32 {
		ys := make([]int32, len(xs))
		var acc int32
		for i, x := range xs {
			acc += x
			ys[i] = acc
		}
		return ys
	}
	const n, k = 50000, 3
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = int32(i%7) - 3
	}
	want := xs
	for range k {
		want = scan(want)
	}
	rows := make([]string, 7)
	var in strings.Builder
	in.WriteString("[")
	for r := range rows {
		row := make([]int32, 3000)
		for i := range row {
			row[i] = int32((i+r)%5) - 1
		}
		rows[r] = text(scan(row))
		if r > 0 {
			in.WriteString(", ")
		}
		in.WriteString(strings.ReplaceAll(text(row), "i32", ""))
	}
	in.WriteString("]")
	runEntries(t, exe, []string{"1", "4"}, []entryCase{
		{"repeat", fmt.Sprintf("%d %s", k, strings.ReplaceAll(text(xs), "i32", "")), text(want)},
		{"rows", in.String(), "[" + strings.Join(rows, ", ") + "]"},
	})
}
