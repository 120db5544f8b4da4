package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
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
	dir := t.TempDir()
	prog := copyProgram(t, "testdata/bench.fut", dir)
	out := filepath.Join(dir, "bench.json")
	code, stdout, stderr := runFcc("bench", "-r", "3", "--no-convergence-phase", "--json", out, "--pass-option=--default-group-size=64", prog)
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
	for _, key := range []string{prog, prog + ":twice"} {
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
	for _, want := range []string{"Compiling " + prog, prog + ":twice:", "small:", "μs (95% CI: [", "3 runs)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	// The executable stays beside the program, for --skip-compilation.
	if _, err := os.Stat(strings.TrimSuffix(prog, ".fut")); err != nil {
		t.Errorf("no executable beside the program: %v", err)
	}
}

// copyProgram copies a test program into dir, where fcc bench may write
// its executable, and returns the copy's path.
func copyProgram(t *testing.T, path, dir string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(dst, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestBenchConvergence benchmarks with the default methodology: the
// initial phase lasts at least half a second, so a program of a few
// microseconds a run makes many more runs than -r, and the summary gives
// the 95% confidence interval; --plot draws the means.
func TestBenchConvergence(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := copyProgram(t, "testdata/bench.fut", dir)
	out := filepath.Join(dir, "bench.json")
	svg := filepath.Join(dir, "bench.svg")
	code, stdout, stderr := runFcc("bench", "-r", "3", "-e", "main", "--convergence-max-seconds=2", "--json", out, "--plot", svg, prog)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	var got map[string]struct {
		Datasets map[string]struct {
			Runtimes []int64 `json:"runtimes"`
		} `json:"datasets"`
	}
	data, _ := os.ReadFile(out)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	for name, ds := range got[prog].Datasets {
		var total int64
		for _, r := range ds.Runtimes {
			total += r
		}
		// Either half a second of runs, or the cap on the initial
		// phase, or (if those were not robust) a convergence phase.
		if len(ds.Runtimes) <= 3 {
			t.Errorf("%s: %d runs (%dμs): the initial phase did not last half a second", name, len(ds.Runtimes), total)
		}
	}
	if !strings.Contains(stdout, "95% CI") || !strings.Contains(stdout, "Wrote "+svg) {
		t.Errorf("stdout:\n%s", stdout)
	}
	checkSVG(t, svg)
}

func checkSVG(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for root == "" {
		tok, err := d.Token()
		if err != nil {
			t.Fatalf("%s is not XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("%s: root element %q, want svg", path, root)
	}
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("%s: malformed XML: %v", path, err)
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
		{"spec file", []string{"bench", "--spec-file=testdata/nosuch.spec", "testdata/bench.fut"}, 2, "--spec-file: open testdata/nosuch.spec"},
		{"concurrency", []string{"bench", "--concurrency=0", "testdata/bench.fut"}, 2, "--concurrency must be at least 1"},
		{"profile without json", []string{"bench", "--profile", "testdata/bench.fut"}, 2, "--profile needs --json"},
		{"timeout", []string{"bench", "--timeout=soon", "testdata/bench.fut"}, 2, "neither a number of seconds nor a duration"},
		{"ignore regexp", []string{"bench", "--ignore-files=(", "testdata/bench.fut"}, 2, `--ignore-files "("`},
		// An ignored program is neither compiled nor run.
		{"ignored", []string{"bench", "--ignore-files=bench\\.fut$", "testdata/bench.fut"}, 0, ""},
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

// TestBenchcmpSortBy checks futhark benchcmp's --sort-by and --order on
// three programs: r has two significant regressions, f one significant
// speed-up, m a significant regression and a larger speed-up.
func TestBenchcmpSortBy(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	steady := func(us int) string { return fmt.Sprintf(`{"runtimes": [%d, %d, %d, %d]}`, us, us+1, us-1, us) }
	os.WriteFile(a, []byte(`{"f.fut": {"datasets": {"x": `+steady(200)+`}},
		"m.fut": {"datasets": {"x": `+steady(100)+`, "y": `+steady(400)+`}},
		"r.fut": {"datasets": {"x": `+steady(100)+`, "y": `+steady(100)+`}}}`), 0o644)
	os.WriteFile(b, []byte(`{"f.fut": {"datasets": {"x": `+steady(100)+`}},
		"m.fut": {"datasets": {"x": `+steady(125)+`, "y": `+steady(100)+`}},
		"r.fut": {"datasets": {"x": `+steady(200)+`, "y": `+steady(125)+`}}}`), 0o644)
	// Speedups: f 2; m 0.8 and 4 (geomean 1.79); r 0.5 and 0.8 (0.63).
	for _, tc := range []struct {
		args []string
		want string // the programs' order
	}{
		{nil, "f m r"},
		{[]string{"--sort-by=significant"}, "r m f"},
		{[]string{"--sort-by=significant", "--order=best-first"}, "f m r"},
		{[]string{"--sort-by=geomean-all"}, "r m f"},
		{[]string{"--sort-by=geomean-all", "--order=best-first"}, "f m r"},
		{[]string{"--sort-by=geomean-significant"}, "r m f"},
	} {
		code, stdout, stderr := runFcc(append(append([]string{"benchcmp"}, tc.args...), a, b)...)
		var got []string
		for _, l := range strings.Split(stdout, "\n") {
			if p, ok := strings.CutSuffix(l, ".fut"); ok {
				got = append(got, p)
			}
		}
		if code != 0 || strings.Join(got, " ") != tc.want {
			t.Errorf("%v: exit %d, programs %v, want %s\n%s%s", tc.args, code, got, tc.want, stdout, stderr)
		}
	}
}

func TestBenchcmp(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	os.WriteFile(a, []byte(`{"p.fut": {"datasets": {"big": {"runtimes": [200, 201, 199, 200], "bytes": {}}, "same": {"runtimes": [100, 130, 90, 120]}, "worse": {"runtimes": [50, 51, 49, 50]}, "gone": {"runtimes": [1]}, "bad": "failed"}}, "old.fut": {"datasets": {}}}`), 0o644)
	os.WriteFile(b, []byte(`{"p.fut": {"datasets": {"big": {"runtimes": [100, 101, 99, 100], "bytes": {}}, "same": {"runtimes": [110, 130, 95, 125]}, "worse": {"runtimes": [100, 101, 99, 100]}, "bad": {"runtimes": [5]}, "new": {"runtimes": [1]}}}}`), 0o644)
	code, stdout, stderr := runFcc("benchcmp", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"p.fut\n",
		"  big:     2.00x faster (200μs -> 100μs, p=0.000)",
		"  same:    0.96x ~      (110μs -> 115μs, p=",
		"  worse:   0.50x slower (50μs -> 100μs, p=0.000)",
		"p.fut bad: failed in one of the files",
		"p.fut gone: only in " + a,
		"p.fut new: only in " + b,
		"old.fut: only in " + a,
		// (2 * 0.9565 * 0.5)^(1/3)
		"Geometric mean speedup: 0.99x over 3 data sets (1 significantly faster, 1 significantly slower, p < 0.05)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	// Sorted by speedup: the worst regression first, named with its program.
	code, stdout, _ = runFcc("benchcmp", "--sort=speedup", a, b)
	w, s, g := strings.Index(stdout, "p.fut worse:"), strings.Index(stdout, "p.fut same:"), strings.Index(stdout, "p.fut big:")
	if code != 0 || w < 0 || !(w < s && s < g) {
		t.Errorf("--sort=speedup:\n%s", stdout)
	}
	for _, ext := range []string{"svg", "png"} {
		plot := filepath.Join(dir, "cmp."+ext)
		if code, _, stderr := runFcc("benchcmp", "--plot", plot, a, b); code != 0 {
			t.Fatalf("--plot %s: exit %d: %s", ext, code, stderr)
		}
		if ext == "svg" {
			checkSVG(t, plot)
			continue
		}
		f, err := os.Open(plot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < 100 {
			t.Errorf("%s: %v", plot, err)
		}
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{a, filepath.Join(dir, "none.json")}, 1, "no such file"},
		{[]string{"--sort=size", a, b}, 2, "--sort must be name or speedup"},
		{[]string{"--significance=2", a, b}, 2, "--significance must be between 0 and 1"},
		{[]string{"--sort-by=size", a, b}, 2, "--sort-by must be significant"},
		{[]string{"--sort-by=geomean-all", "--order=up", a, b}, 2, "--order must be worst-first or best-first"},
		{[]string{"--sort-by=geomean-all", "--sort=speedup", a, b}, 2, "give one of them"},
		{[]string{"--plot=x.gif", a, b}, 2, "must end in .svg, .png or .pdf"},
	} {
		code, _, stderr := runFcc(append([]string{"benchcmp"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: exit %d, %s", tc.args, code, stderr)
		}
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
	code, stdout, stderr := runFcc("bench", "--skip-compilation", "--no-terminal", "--no-convergence-phase", "-r", "2", prog)
	if code != 0 || strings.Contains(stdout, "Compiling") || !strings.Contains(stdout, "bench.fut") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// TestBenchProfile checks --profile (the server's profiling report of
// each data set's timed calls saved in --json, as futhark bench does),
// the peak device memory in bytes, --cache-extension and Futhark's
// integral --timeout.
func TestBenchProfile(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := copyProgram(t, "testdata/bench.fut", dir)
	out := filepath.Join(dir, "bench.json")
	type report struct {
		Events []struct {
			Name       string         `json:"name"`
			Provenance string         `json:"provenance"`
			Duration   float64        `json:"duration"`
			Details    map[string]any `json:"details"`
		} `json:"events"`
		Memory map[string]int64 `json:"memory"`
	}
	type result struct {
		Runtimes  []int64          `json:"runtimes"`
		Bytes     map[string]int64 `json:"bytes"`
		Profiling *report          `json:"profiling"`
	}
	// bench runs fcc bench with n runs and returns the "small" data set's
	// result, its report's launches and fcc's standard error.
	bench := func(n int, extra ...string) (result, float64, string) {
		args := append([]string{"bench", "-v", "-r", fmt.Sprint(n), "--no-convergence-phase", "--json", out, "--profile",
			"--cache-extension=cache", "--timeout=600", "-e", "main", "--exclude-case=random"}, extra...)
		code, stdout, stderr := runFcc(append(args, prog)...)
		if code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]struct {
			Datasets map[string]result `json:"datasets"`
		}
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		r, ok := got[prog].Datasets["small"]
		if !ok || r.Profiling == nil || len(r.Profiling.Events) == 0 {
			t.Fatalf("no data set small with a profiling report:\n%s", data)
		}
		launches := 0.0
		for _, e := range r.Profiling.Events {
			if e.Provenance != "main" || e.Duration < 0 {
				t.Errorf("event %+v", e)
			}
			n, _ := e.Details["launches"].(float64)
			launches += n
		}
		return r, launches, stderr
	}
	r, launches, stderr := bench(1)
	// As futhark bench: the report is of one profiled call after the timed
	// ones, whatever their number.
	r3, launches3, _ := bench(3, "--skip-compilation")
	if launches < 1 || launches3 != launches || len(r3.Runtimes) != 3 {
		t.Errorf("%v launches after 1 run, %v after 3: want those of one call in both", launches, launches3)
	}
	if r.Bytes["device"] <= 0 || r.Profiling.Memory["device"] != r.Bytes["device"] {
		t.Errorf("bytes %v, report memory %v: want the peak device memory in both", r.Bytes, r.Profiling.Memory)
	}
	if _, err := os.Stat(prog + ".cache"); err != nil {
		t.Errorf("--cache-extension=cache: %v", err)
	}
	// -v: the server's command line, with -P and the cache file, and the
	// run times.
	exe := strings.TrimSuffix(prog, ".fut")
	if !strings.Contains(stderr, "Running "+exe+" --server --cache-file "+prog+".cache -P -L\n") ||
		!regexp.MustCompile(`small: run times \(μs\): \d+\n`).MatchString(stderr) {
		t.Errorf("-v printed %q", stderr)
	}
}

// TestBenchSpecRunnerSuffix checks --spec-file (the cases come from it,
// not from the program), --suffix (the executable's name) and --runner
// (the executable runs through it, its path the first argument).
func TestBenchSpecRunnerSuffix(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := copyProgram(t, "testdata/bench.fut", dir)
	specFile := filepath.Join(dir, "other.spec")
	os.WriteFile(specFile, []byte("Cases of the spec file.\n==\nentry: main\n\"fromspec\" input { [2f32, 3f32] }\noutput { 10f32 }\n"), 0o644)
	log := filepath.Join(dir, "runner.log")
	runner := filepath.Join(dir, "runner.sh")
	os.WriteFile(runner, []byte("#!/bin/sh\necho \"$@\" >> '"+log+"'\nexec \"$@\"\n"), 0o755)
	out := filepath.Join(dir, "bench.json")
	code, stdout, stderr := runFcc("bench", "-r", "1", "--no-convergence-phase", "--json", out,
		"--spec-file", specFile, "--suffix=-x", "--runner", runner, prog)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	data, _ := os.ReadFile(out)
	var got map[string]struct {
		Datasets map[string]any `json:"datasets"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if len(got) != 1 || len(got[prog].Datasets) != 1 || got[prog].Datasets["fromspec"] == nil {
		t.Errorf("want only data set fromspec of %s:\n%s", prog, data)
	}
	exe := strings.TrimSuffix(prog, ".fut") + "-x"
	if _, err := os.Stat(exe); err != nil {
		t.Errorf("--suffix=-x: %v", err)
	}
	calls, err := os.ReadFile(log)
	if err != nil || !strings.HasPrefix(string(calls), exe+" --server") {
		t.Errorf("--runner: the runner was called with %q (%v), want %s --server first", calls, err, exe)
	}
}

// TestBenchConcurrency compiles programs two at a time (one named twice,
// so compiled once) and checks that each is benchmarked, in the order
// given.
func TestBenchConcurrency(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	a := copyProgram(t, "testdata/bench.fut", dir)
	b := filepath.Join(dir, "other.fut")
	src, _ := os.ReadFile(a)
	os.WriteFile(b, src, 0o644)
	out := filepath.Join(dir, "bench.json")
	code, stdout, stderr := runFcc("bench", "--concurrency=2", "-r", "1", "--no-convergence-phase", "-e", "main",
		"--exclude-case=random", "--json", out, a, b, a)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if got := regexp.MustCompile(`Compiling (\S+)\.\.\.`).FindAllStringSubmatch(stdout, -1); len(got) != 3 || got[0][1] != a || got[1][1] != b || got[2][1] != a {
		t.Errorf("compilation order %q, want %s, %s, %s", got, a, b, a)
	}
	data, _ := os.ReadFile(out)
	var res map[string]struct {
		Datasets map[string]any `json:"datasets"`
	}
	if err := json.Unmarshal(data, &res); err != nil || len(res) != 2 || res[a].Datasets["small"] == nil || res[b].Datasets["small"] == nil {
		t.Errorf("results of both programs wanted: %v\n%s", err, data)
	}
}

// TestBenchStderr checks that a data set's share of the server's standard
// error goes to its stderr in --json: with --profile the executable logs
// (-L) its threshold comparisons, one per call.
func TestBenchStderr(t *testing.T) {
	if !canBuild(t) {
		t.Skip("cannot build executables here")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "rows.fut")
	os.WriteFile(prog, []byte("-- ==\n-- \"a\" input { [[1f32, 2f32], [3f32, 4f32]] }\n-- \"b\" input { [[1f32]] }\n"+
		"def main (xss: [][]f32) : []f32 = map (\\xs -> reduce (+) 0 (map (*2) xs)) xss\n"), 0o644)
	out := filepath.Join(dir, "bench.json")
	for _, profile := range []bool{false, true} {
		args := []string{"bench", "-r", "2", "--no-convergence-phase", "--json", out}
		if profile {
			args = append(args, "--profile")
		}
		code, stdout, stderr := runFcc(append(args, prog)...)
		if code != 0 {
			t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
		}
		data, _ := os.ReadFile(out)
		var got map[string]struct {
			Datasets map[string]struct {
				Stderr string `json:"stderr"`
			} `json:"datasets"`
		}
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a", "b"} {
			log := got[prog].Datasets[name].Stderr
			// With --profile, one line for each of the data set's four
			// calls (warm-up, two timed, the profiled one); the server's
			// stderr comes through a pipe of its own, so a line may land
			// in the next data set, but not all of them.
			n := strings.Count(log, "Compared main.")
			if (profile && (n < 1 || n > 8)) || (!profile && n != 0) {
				t.Errorf("--profile=%v, data set %s: %d logged comparisons:\n%s", profile, name, n, log)
			}
		}
	}
}
