package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
)

// benchFile is a --json file of fcc bench or futhark bench, read loosely:
// a data set's value is a result object or an error message.
type benchFile map[string]struct {
	Datasets map[string]json.RawMessage `json:"datasets"`
}

func readBenchFile(path string) (benchFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f benchFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: not a benchmark results file: %v", path, err)
	}
	return f, nil
}

// datasetMean returns the mean run time of a data set's result, or false
// when the data set failed (its value is an error message) or has no runs.
func datasetMean(raw json.RawMessage) (float64, bool) {
	var r struct {
		Runtimes []int64 `json:"runtimes"`
	}
	if json.Unmarshal(raw, &r) != nil || len(r.Runtimes) == 0 {
		return 0, false
	}
	m, _ := meanStddev(r.Runtimes)
	return m, true
}

func cmdBenchcmp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("benchcmp", "old.json new.json", stdout, stderr)
	if code, done := parseFlags(fs, args, 2, stderr); done {
		return code
	}
	a, err := readBenchFile(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	b, err := readBenchFile(fs.Arg(1))
	if err != nil {
		return fail(stderr, err)
	}
	progs := make([]string, 0, len(a))
	for p := range a {
		progs = append(progs, p)
	}
	sort.Strings(progs)
	for _, p := range progs {
		pb, ok := b[p]
		if !ok {
			fmt.Fprintf(stdout, "%s: only in %s\n", p, fs.Arg(0))
			continue
		}
		fmt.Fprintf(stdout, "%s\n", p)
		names := make([]string, 0, len(a[p].Datasets))
		for n := range a[p].Datasets {
			names = append(names, n)
		}
		sort.Strings(names)
		width := 0
		for _, n := range names {
			width = max(width, len(n))
		}
		for _, n := range names {
			label := fmt.Sprintf("  %-*s", width+1, n+":")
			rb, ok := pb.Datasets[n]
			if !ok {
				fmt.Fprintf(stdout, "%s only in %s\n", label, fs.Arg(0))
				continue
			}
			ma, okA := datasetMean(a[p].Datasets[n])
			mb, okB := datasetMean(rb)
			switch {
			case !okA || !okB:
				fmt.Fprintf(stdout, "%s failed in one of the files\n", label)
			case mb == 0:
				fmt.Fprintf(stdout, "%s no measurable time in %s\n", label, fs.Arg(1))
			default:
				// Speedup of the second file over the first: above 1
				// means the new version is faster.
				fmt.Fprintf(stdout, "%s %6.2fx  (%.0fμs -> %.0fμs)\n", label, ma/mb, ma, mb)
			}
		}
		for n := range pb.Datasets {
			if _, ok := a[p].Datasets[n]; !ok {
				fmt.Fprintf(stdout, "  %s: only in %s\n", n, fs.Arg(1))
			}
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			fmt.Fprintf(stdout, "%s: only in %s\n", p, fs.Arg(1))
		}
	}
	return 0
}
