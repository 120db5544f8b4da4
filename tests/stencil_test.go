package tests

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/tests/spec"
)

// TestStencilVersions runs the stencil loops of the corpus
// (programs/stencil_time_*.fut) compiled with each version forced by
// --param: the blocked versions (a threshold at 1, so any array takes
// it: the wide version where the plan has one, and the other) and the
// plain loop (every threshold above any array). All must give the test
// blocks' outputs, and the blocked version must launch fewer kernels, and
// fewer in some data set (one with at least as many steps as one launch
// computes), the wide one no more than the other.
func TestStencilVersions(t *testing.T) {
	if !canCompile(t) || os.Getenv("FCC_PREBUILT") != "" {
		t.Skip("needs compiled programs")
	}
	files, err := filepath.Glob("programs/stencil_time_*.fut")
	if err != nil || len(files) == 0 {
		t.Fatalf("no stencil programs: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".fut"), func(t *testing.T) {
			s, err := spec.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := compileRecovering(file, nil)
			if err != nil {
				t.Fatal(err)
			}
			var names, intra []string
			for _, th := range prog.Thresholds {
				if strings.Contains(th.Name, ".stencil_") {
					names = append(names, th.Name)
				}
				if strings.Contains(th.Name, ".suff_intra_par") {
					intra = append(intra, th.Name)
				}
			}
			if len(names) == 0 {
				t.Fatal("the lower pass gave no loop a stencil plan")
			}
			exe := buildProgram(t, file, prog)
			// cpu_versions=0: the blocked versions that run only on GPUs
			// run on PoCL too. A plan's wide version (threshold NAME_wide)
			// is tried before the other: "wide" turns every version on,
			// "blocked" all but the wide ones.
			versions := map[string][]string{"blocked": {"--param", "cpu_versions=0"}, "plain": {"--param", "cpu_versions=0"}}
			for _, n := range names {
				if strings.HasSuffix(n, "_wide") {
					versions["wide"] = append(versions["wide"], "--param", n+"=1")
				}
			}
			if versions["wide"] != nil {
				versions["wide"] = append(versions["wide"], "--param", "cpu_versions=0")
			}
			// The intra-group versions off: one work-group running a
			// small loop whole would leave the host loop untested.
			for v := range versions {
				for _, n := range intra {
					versions[v] = append(versions[v], "--param", n+"=1000000000000")
				}
			}
			for _, n := range names {
				on := "=1"
				if strings.HasSuffix(n, "_wide") {
					on = "=1000000000000"
				} else if versions["wide"] != nil {
					versions["wide"] = append(versions["wide"], "--param", n+"=1")
				}
				versions["blocked"] = append(versions["blocked"], "--param", n+on)
				versions["plain"] = append(versions["plain"], "--param", n+"=1000000000000")
			}
			fewer, fewerWide := false, false
			for _, b := range s.Blocks {
				for _, entry := range b.Entries {
					for _, c := range b.Cases {
						launches := map[string]int64{}
						for v, args := range versions {
							run := func(entry string, input []byte) ([]values.Value, error) {
								return runWith(exe, entry, input, args)
							}
							what := fmt.Sprintf("%s version, data set %s at line %d", v, c.Name, c.Line)
							runCase(t, what, filepath.Dir(file), entry, c, run, nil)
							input, err := c.InputData(filepath.Dir(file))
							if err != nil {
								t.Fatal(err)
							}
							launches[v] = runCounting(t, exe, entry, string(input), args...)["kernel launches"]
						}
						if launches["blocked"] > launches["plain"] {
							t.Errorf("data set at line %d: the blocked version launched %d kernels, the plain loop %d", c.Line, launches["blocked"], launches["plain"])
						}
						if w, ok := launches["wide"]; ok && w > launches["blocked"] {
							t.Errorf("data set at line %d: the wide version launched %d kernels, the other blocked one %d", c.Line, w, launches["blocked"])
						}
						fewer = fewer || launches["blocked"] < launches["plain"]
						fewerWide = fewerWide || launches["wide"] < launches["blocked"]
						t.Logf("data set at line %d: %d launches wide, %d blocked, %d plain", c.Line, launches["wide"], launches["blocked"], launches["plain"])
					}
				}
			}
			if !fewer {
				t.Error("the blocked version launched no fewer kernels than the plain loop in any data set")
			}
			// The wide version is taken where it fits: PoCL's work-groups
			// hold 1024 work-items.
			if versions["wide"] != nil && !fewerWide {
				t.Error("the wide version launched no fewer kernels than the other blocked one in any data set")
			}
		})
	}
}

// runWith runs entry of a compiled program with extra options, as
// runExecutable does.
func runWith(exe, entry string, input []byte, extra []string) ([]values.Value, error) {
	cmd := exec.Command(exe, append([]string{"-b", "-e", entry}, extra...)...)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, errors.New(strings.TrimSpace(stderr.String()))
	}
	return spec.ReadValues(stdout.Bytes())
}
