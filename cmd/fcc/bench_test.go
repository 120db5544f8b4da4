package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchJSON benchmarks a small program on the machine's OpenCL device
// and checks the --json file: one entry per entry point (the key is the
// path, with ":entry" unless the entry point is main) and per data set,
// with every run time.
func TestBenchJSON(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	out := filepath.Join(t.TempDir(), "bench.json")
	code, stdout, stderr := runFcc("bench", "-r", "3", "--json", out, "--pass-option=--default-group-size=64", "testdata/bench.fut")
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]struct {
		Datasets map[string]struct {
			Runtimes []int64          `json:"runtimes"`
			Bytes    map[string]int64 `json:"bytes"`
			Stderr   *string          `json:"stderr"`
		} `json:"datasets"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	for _, key := range []string{"testdata/bench.fut", "testdata/bench.fut:twice"} {
		ds := got[key].Datasets
		if len(ds) != 2 {
			t.Errorf("%s: %d data sets, want 2 (small and [1000]f32; nobench and error cases left out):\n%s", key, len(ds), data)
		}
		for _, name := range []string{"small", "[1000]f32"} {
			r, ok := ds[name]
			if !ok {
				t.Errorf("%s: no data set %q", key, name)
				continue
			}
			if len(r.Runtimes) != 3 || r.Bytes == nil || r.Stderr == nil {
				t.Errorf("%s %s: %+v", key, name, r)
			}
			for _, us := range r.Runtimes {
				if us < 0 {
					t.Errorf("negative run time %d", us)
				}
			}
		}
	}
	if len(got) != 2 {
		t.Errorf("%d programs in the JSON file, want 2", len(got))
	}
	for _, want := range []string{"Compiling testdata/bench.fut", "testdata/bench.fut:twice:", "small:", "μs", "3 runs"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

func TestBenchErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"backend", []string{"bench", "--backend=cuda", "testdata/bench.fut"}, 2, `backend "cuda" is not supported`},
		{"no program", []string{"bench"}, 2, "no programs given"},
		{"runs", []string{"bench", "-r", "0", "testdata/bench.fut"}, 2, "--runs must be at least 1"},
		{"malformed", []string{"bench", "testdata/malformed.fut"}, 1, "malformed.fut:2: test block"},
		{"not built", []string{"bench", "--skip-compilation", "testdata/bench.fut"}, 1, "--skip-compilation: no executable testdata/bench"},
		// A program whose only data sets are excluded is not compiled.
		{"nothing to run", []string{"bench", "--exclude-case=random", "-e", "nope", "testdata/bench.fut"}, 0, ""},
	}
	for _, tc := range tests {
		code, _, stderr := runFcc(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d (want %d), stderr %q (want %q)", tc.name, code, tc.code, stderr, tc.stderr)
		}
	}
}

func TestBenchcmp(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(`{"p.fut": {"datasets": {"big": {"runtimes": [100, 300], "bytes": {}}, "gone": {"runtimes": [1]}, "bad": "failed"}}, "old.fut": {"datasets": {}}}`), 0o644)
	os.WriteFile(b, []byte(`{"p.fut": {"datasets": {"big": {"runtimes": [100, 100], "bytes": {}}, "bad": {"runtimes": [5]}, "new": {"runtimes": [1]}}}}`), 0o644)
	code, stdout, stderr := runFcc("benchcmp", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"p.fut\n",
		"big:    2.00x  (200μs -> 100μs)",
		"bad:  failed in one of the files",
		"gone: only in " + a,
		"new: only in " + b,
		"old.fut: only in " + a,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, stderr := runFcc("benchcmp", a, filepath.Join(dir, "none.json")); code != 1 || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: exit %d, %s", code, stderr)
	}
	os.WriteFile(b, []byte("[1, 2]"), 0o644)
	if code, _, stderr := runFcc("benchcmp", a, b); code != 1 || !strings.Contains(stderr, "not a benchmark results file") {
		t.Errorf("bad file: exit %d, %s", code, stderr)
	}
}

// TestBenchSkipCompilation checks that --skip-compilation runs the
// executable fcc build wrote beside the program, without compiling.
func TestBenchSkipCompilation(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	src, err := os.ReadFile("testdata/bench.fut")
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(t.TempDir(), "bench.fut")
	if err := os.WriteFile(prog, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runFcc("build", prog); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runFcc("bench", "--skip-compilation", "--no-terminal", "-r", "2", prog)
	if code != 0 || strings.Contains(stdout, "Compiling") || !strings.Contains(stdout, "bench.fut") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
