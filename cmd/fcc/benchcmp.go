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

// datasetStats summarises a data set's runs, or returns false when the
// data set failed (its value is an error message) or has no runs.
func datasetStats(raw json.RawMessage) (runStats, bool) {
	var r struct {
		Runtimes []int64 `json:"runtimes"`
	}
	if json.Unmarshal(raw, &r) != nil || len(r.Runtimes) == 0 {
		return runStats{}, false
	}
	return summarise(r.Runtimes), true
}

// comparison is one data set present in both files.
type comparison struct {
	Program, Dataset string
	Old, New         runStats
	Speedup          float64 // old mean / new mean: above 1, the new one is faster
	P                float64 // Welch's t-test of equal means
}

func (c comparison) verdict(alpha float64) string {
	switch {
	case c.P >= alpha:
		return "~"
	case c.Speedup > 1:
		return "faster"
	default:
		return "slower"
	}
}

func cmdBenchcmp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("benchcmp", "[options] old.json new.json", stdout, stderr)
	sortBy := fs.String("sort", "name", "order of the data sets: name (grouped by program) or speedup (slowest first)")
	alpha := fs.Float64("significance", 0.05, "call a difference significant when Welch's t-test gives a p-value below this")
	plotFile := fs.String("plot", "", "draw the speedups to this file (.svg, .png or .pdf)")
	metric := fs.String("sort-by", "", "order the programs by significant (the number of significant regressions), geomean-significant or geomean-all (the geometric mean speedup of those data sets), as futhark benchcmp")
	order := fs.String("order", "worst-first", "with --sort-by: worst-first or best-first")
	if code, done := parseFlags(fs, args, 2, stderr); done {
		return code
	}
	switch *metric {
	case "", "significant", "geomean-significant", "geomean-all":
	default:
		fmt.Fprintf(stderr, "fcc benchcmp: --sort-by must be significant, geomean-significant or geomean-all, got %q\n", *metric)
		return 2
	}
	if *order != "worst-first" && *order != "best-first" {
		fmt.Fprintf(stderr, "fcc benchcmp: --order must be worst-first or best-first, got %q\n", *order)
		return 2
	}
	if *metric != "" && *sortBy == "speedup" {
		fmt.Fprintln(stderr, "fcc benchcmp: --sort-by orders programs and --sort=speedup data sets: give one of them")
		return 2
	}
	if *sortBy != "name" && *sortBy != "speedup" {
		fmt.Fprintf(stderr, "fcc benchcmp: --sort must be name or speedup, got %q\n", *sortBy)
		return 2
	}
	if !(*alpha > 0 && *alpha < 1) {
		fmt.Fprintf(stderr, "fcc benchcmp: --significance must be between 0 and 1, got %v\n", *alpha)
		return 2
	}
	if *plotFile != "" {
		if err := checkPlotFile(*plotFile); err != nil {
			fmt.Fprintf(stderr, "fcc benchcmp: --plot: %v\n", err)
			return 2
		}
	}
	oldName, newName := fs.Arg(0), fs.Arg(1)
	a, err := readBenchFile(oldName)
	if err != nil {
		return fail(stderr, err)
	}
	b, err := readBenchFile(newName)
	if err != nil {
		return fail(stderr, err)
	}

	var cmps []comparison
	var notes []string // data sets not compared, in order
	for _, p := range sortedKeys(a) {
		pb, ok := b[p]
		if !ok {
			notes = append(notes, fmt.Sprintf("%s: only in %s", p, oldName))
			continue
		}
		for _, n := range sortedKeys(a[p].Datasets) {
			rb, ok := pb.Datasets[n]
			if !ok {
				notes = append(notes, fmt.Sprintf("%s %s: only in %s", p, n, oldName))
				continue
			}
			sa, okA := datasetStats(a[p].Datasets[n])
			sb, okB := datasetStats(rb)
			switch {
			case !okA || !okB:
				notes = append(notes, fmt.Sprintf("%s %s: failed in one of the files", p, n))
			case sb.Mean == 0 || sa.Mean == 0:
				notes = append(notes, fmt.Sprintf("%s %s: no measurable time", p, n))
			default:
				cmps = append(cmps, comparison{p, n, sa, sb, sa.Mean / sb.Mean, welch(sa, sb)})
			}
		}
		for _, n := range sortedKeys(pb.Datasets) {
			if _, ok := a[p].Datasets[n]; !ok {
				notes = append(notes, fmt.Sprintf("%s %s: only in %s", p, n, newName))
			}
		}
	}
	for _, p := range sortedKeys(b) {
		if _, ok := a[p]; !ok {
			notes = append(notes, fmt.Sprintf("%s: only in %s", p, newName))
		}
	}

	if *sortBy == "speedup" {
		sort.SliceStable(cmps, func(i, j int) bool { return cmps[i].Speedup < cmps[j].Speedup })
	}
	if *metric != "" {
		cmps = sortPrograms(cmps, *metric, *order == "best-first", *alpha)
	}
	width := 0
	for _, c := range cmps {
		if *sortBy == "speedup" {
			width = max(width, len(c.Program)+1+len(c.Dataset))
		} else {
			width = max(width, len(c.Dataset))
		}
	}
	program := ""
	var speedups []float64
	faster, slower := 0, 0
	for _, c := range cmps {
		label := c.Dataset
		if *sortBy == "speedup" {
			label = c.Program + " " + c.Dataset
		} else if c.Program != program {
			fmt.Fprintf(stdout, "%s\n", c.Program)
			program = c.Program
		}
		v := c.verdict(*alpha)
		switch v {
		case "faster":
			faster++
		case "slower":
			slower++
		}
		speedups = append(speedups, c.Speedup)
		fmt.Fprintf(stdout, "  %-*s %6.2fx %-6s (%.0fμs -> %.0fμs, p=%.3f)\n",
			width+1, label+":", c.Speedup, v, c.Old.Mean, c.New.Mean, c.P)
	}
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	if len(cmps) > 0 {
		fmt.Fprintf(stdout, "Geometric mean speedup: %.2fx over %d data sets (%d significantly faster, %d significantly slower, p < %g)\n",
			geomean(speedups), len(cmps), faster, slower, *alpha)
	}
	if *plotFile != "" && len(cmps) > 0 {
		if err := plotSpeedups(*plotFile, cmps, *alpha); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "Wrote %s\n", *plotFile)
	}
	return 0
}

// sortPrograms orders the programs' groups of comparisons (in cmps one
// after another) by futhark benchcmp's --sort-by metric, worst first
// unless bestFirst; ties keep their order.
func sortPrograms(cmps []comparison, metric string, bestFirst bool, alpha float64) []comparison {
	type group struct {
		cs  []comparison
		key float64 // smaller is worse
	}
	var groups []group
	for i, c := range cmps {
		if i == 0 || c.Program != cmps[i-1].Program {
			groups = append(groups, group{})
		}
		g := &groups[len(groups)-1]
		g.cs = append(g.cs, c)
	}
	for i := range groups {
		g := &groups[i]
		var speedups []float64
		regressions := 0
		for _, c := range g.cs {
			significant := c.verdict(alpha) != "~"
			if significant && c.Speedup < 0.99 {
				regressions++
			}
			if metric == "geomean-all" || significant {
				speedups = append(speedups, c.Speedup)
			}
		}
		switch {
		case metric == "significant":
			g.key = -float64(regressions) // more regressions: worse
		case len(speedups) == 0:
			g.key = 1 // no significant change counts as none
		default:
			g.key = geomean(speedups)
		}
	}
	sort.SliceStable(groups, func(i, j int) bool {
		if bestFirst {
			return groups[i].key > groups[j].key
		}
		return groups[i].key < groups[j].key
	})
	out := make([]comparison, 0, len(cmps))
	for _, g := range groups {
		out = append(out, g.cs...)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
