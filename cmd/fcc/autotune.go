package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// fcc autotune follows futhark autotune: it compiles the program, runs
// each data set of its test blocks with -L, which makes the executable log
// every threshold comparison ("Compared NAME <= PAR: true."), and tunes
// one threshold at a time. For a threshold and a data set, the parallelism
// values it was compared against are the only values worth trying: the
// threshold set to such a value e turns the comparisons with PAR >= e to
// true and leaves the others false, and any value between two of them
// behaves the same. The fastest choice for one data set narrows the range
// the next data set may choose from, so that the final value keeps every
// data set's choice. Thresholds not yet tuned stay at a huge default
// (every comparison false: the most parallel version everywhere), so that
// every nested threshold is reached, and thresholds are tuned innermost
// first, so that an outer threshold compares its version with the
// already tuned inner ones.

// Futhark's bounds for thresholds: thresholdMax makes every comparison
// false, thresholdMin every one true.
const (
	thresholdMin = 1
	thresholdMax = 2000000000
)

// autotuneOptions are fcc autotune's settings.
type autotuneOptions struct {
	runs            int
	passOptions     []string
	tuningExt       string
	verbose         int
	timeout         time.Duration
	skipCompilation bool
	exclude         []string
	entry           string
}

// tuneSet is one threshold assignment, in the order it was made.
type tuneSet []tuneParam

type tuneParam struct {
	name  string
	value int64
}

func cmdAutotune(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("autotune", "[options] prog.fut", stdout, stderr)
	var o autotuneOptions
	fs.IntVarP(&o.runs, "runs", "r", 10, "timed runs per data set and threshold value (after one untimed warm-up run)")
	backendName := fs.String("backend", "opencl", "the backend (only opencl)")
	fs.StringArrayVar(&o.passOptions, "pass-option", nil, "pass this option to the executable (repeatable), e.g. --pass-option=-dNVIDIA")
	fs.StringVar(&o.tuningExt, "tuning", "tuning", "write the tuning file with this extension: prog.fut.EXTENSION")
	fs.CountVarP(&o.verbose, "verbose", "v", "print what the tuner does (repeat for more)")
	timeoutSec := fs.Int("timeout", 600, "stop the first run of a data set after this many seconds; later runs get 1.5 times its slowest run so far plus 2 seconds (negative: no limit)")
	fs.BoolVar(&o.skipCompilation, "skip-compilation", false, "do not compile: use the executable fcc build wrote (the program's path without .fut)")
	fs.StringArrayVar(&o.exclude, "exclude-case", nil, "skip data sets with this tag (repeatable; notune, nobench, disable and no_opencl always)")
	fs.StringVarP(&o.entry, "entry-point", "e", "", "only tune on the data sets of entry points with this name")
	if code, done := parseFlags(fs, args, 1, stderr); done {
		return code
	}
	if code := checkBackend("autotune", *backendName, stderr); code != 0 {
		return code
	}
	if o.runs < 1 {
		fmt.Fprintf(stderr, "fcc autotune: --runs must be at least 1, got %d\n", o.runs)
		return 2
	}
	o.tuningExt = strings.TrimPrefix(o.tuningExt, ".")
	if o.tuningExt == "" || strings.ContainsRune(o.tuningExt, filepath.Separator) {
		fmt.Fprintf(stderr, "fcc autotune: --tuning: %q is not a file name extension\n", o.tuningExt)
		return 2
	}
	o.timeout = time.Duration(*timeoutSec) * time.Second
	if *timeoutSec < 0 {
		o.timeout = 0
	}
	o.exclude = append(o.exclude, "notune", "nobench", "disable", "no_opencl")
	file := fs.Arg(0)
	best, err := autotune(file, o, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	var text strings.Builder
	sort.Slice(best, func(i, j int) bool { return best[i].name < best[j].name })
	for _, p := range best {
		fmt.Fprintf(&text, "%s=%d\n", p.name, p.value)
	}
	out := file + "." + o.tuningExt
	if err := os.WriteFile(out, []byte(text.String()), 0o644); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stderr, "Wrote %s\n", out)
	fmt.Fprintf(stdout, "Result of autotuning:\n%s", text.String())
	return 0
}

// tuneCase is one data set to tune on, with its input read once.
type tuneCase struct {
	benchCase
	input []byte
}

// autotune compiles file and tunes its thresholds; it returns the tuned
// values of the thresholds that some data set compared.
func autotune(file string, o autotuneOptions, log io.Writer) (tuneSet, error) {
	s, err := spec.ParseFile(file)
	if err != nil {
		return nil, err
	}
	cases := benchCases(s, o.entry, o.exclude)
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s has no data sets to tune on (test blocks with input and no error, not tagged %s)", file, strings.Join(o.exclude, ", "))
	}
	var exe string
	if o.skipCompilation {
		exe = defaultOutput(file)
		if _, err := os.Stat(exe); err != nil {
			return nil, fmt.Errorf("--skip-compilation: no executable %s (build it with fcc build %s)", exe, file)
		}
		if !filepath.IsAbs(exe) && !strings.ContainsRune(exe, filepath.Separator) {
			exe = "." + string(filepath.Separator) + exe
		}
	} else {
		tmp, err := os.MkdirTemp("", "fcc-autotune-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		fmt.Fprintf(log, "Compiling %s...\n", file)
		exe = filepath.Join(tmp, strings.TrimSuffix(filepath.Base(file), ".fut"))
		err = guard("compiler", func() error {
			prog, err := compileGuarded(file, func(string, *soac.Program) {})
			if err != nil {
				return err
			}
			return buildExe(prog, exe)
		})
		if err != nil {
			return nil, fmt.Errorf("compilation of %s failed:\n%s", file, indent(err.Error()))
		}
	}
	thresholds, err := printParams(exe)
	if err != nil {
		return nil, err
	}
	if len(thresholds) == 0 {
		fmt.Fprintf(log, "%s has no thresholds to tune\n", file)
		return nil, nil
	}
	var tcs []tuneCase
	for _, bc := range cases {
		input, err := caseInput(exe, bc.entry, bc.c, file, o.passOptions)
		if err != nil {
			return nil, fmt.Errorf("data set %s: %v", bc.c.Name, err)
		}
		tcs = append(tcs, tuneCase{bc, input})
	}
	t := &tuner{o: o, exe: exe, file: file, cases: tcs, log: log}
	fmt.Fprintf(log, "Running with options: %s\n", strings.Join(t.baseArgs(), " "))
	if o.verbose > 0 {
		fmt.Fprintf(log, "Thresholds, in tuning order: %s\n", strings.Join(thresholds, " "))
	}
	var tuned tuneSet
	for _, th := range thresholds {
		v, ok := t.tuneThreshold(th, tuned)
		if !ok {
			fmt.Fprintf(log, "%s was compared on no data set; it keeps its default\n", th)
			continue
		}
		tuned = append(tuned, tuneParam{th, v})
	}
	return tuned, nil
}

// printParams lists the thresholds of an executable (--print-params),
// innermost first: the executable lists a nest's thresholds outermost
// first, so the reverse order tunes every threshold before the
// thresholds around it, as futhark autotune does.
func printParams(exe string) ([]string, error) {
	cmd := exec.Command(exe, "--print-params")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s --print-params: %v\n%s", exe, err, errb.String())
	}
	var names []string
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		name, class, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if ok && strings.HasPrefix(class, "(threshold") {
			names = append(names, name)
		}
	}
	for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
		names[i], names[j] = names[j], names[i]
	}
	return names, nil
}

// tuner runs the data sets of one program.
type tuner struct {
	o     autotuneOptions
	exe   string
	file  string
	cases []tuneCase
	log   io.Writer
	// wall is the longest successful run of each data set (the whole
	// process: set-up, warm-up and timed runs), which bounds later runs.
	wall map[string]time.Duration
}

// baseArgs are the options every run gets: the huge default threshold,
// logging, and the user's --pass-option.
func (t *tuner) baseArgs() []string {
	return append([]string{"--default-threshold=" + strconv.Itoa(thresholdMax), "-L"}, t.o.passOptions...)
}

// comparisonRe matches the log lines of threshold comparisons, as
// futhark autotune reads them.
var comparisonRe = regexp.MustCompile(`Compared ([^ ]+) <= (-?[0-9]+)`)

// comparisons returns the parallelism values each threshold was compared
// with, from an executable's standard error.
func comparisons(stderr string) map[string][]int64 {
	out := map[string][]int64{}
	seen := map[string]bool{}
	for _, m := range comparisonRe.FindAllStringSubmatch(stderr, -1) {
		v, err := strconv.ParseInt(m[2], 10, 64)
		if err != nil || seen[m[0]] {
			continue
		}
		seen[m[0]] = true
		out[m[1]] = append(out[m[1]], v)
	}
	return out
}

// run runs a data set with the thresholds in set and returns the
// comparisons it logged and its best run time in microseconds. A run that
// fails, gives a wrong result or exceeds the time limit is an error.
func (t *tuner) run(tc tuneCase, set tuneSet, timeout time.Duration) (map[string][]int64, int64, error) {
	args := t.baseArgs()
	for _, p := range set {
		args = append(args, fmt.Sprintf("--param=%s=%d", p.name, p.value))
	}
	if t.o.verbose > 1 {
		fmt.Fprintf(t.log, "  trying %v\n", set)
	}
	if timeout <= 0 {
		timeout = 1 << 62
	}
	start := time.Now()
	res, _, err := benchDataset(t.exe, t.file, tc.benchCase, benchPolicy{Runs: t.o.runs}, args, timeout, nil, func(int) {})
	if err != nil {
		return nil, 0, err
	}
	if t.wall == nil {
		t.wall = map[string]time.Duration{}
	}
	key := tc.entry + "/" + tc.c.Name
	t.wall[key] = max(t.wall[key], time.Since(start))
	best := res.Runtimes[0]
	for _, r := range res.Runtimes {
		best = min(best, r)
	}
	return comparisons(res.Stderr), best, nil
}

// limit is the time limit of a candidate run of a data set: 1.5 times its
// slowest successful run so far plus 2 seconds. (Futhark gives 1.2 times
// the best run time plus a second; an fcc executable's process also
// builds or loads the OpenCL program, whose time varies more than the
// runs.)
func (t *tuner) limit(tc tuneCase) time.Duration {
	w, ok := t.wall[tc.entry+"/"+tc.c.Name]
	if !ok {
		return t.o.timeout
	}
	return w*3/2 + 2*time.Second
}

// tuneThreshold tunes one threshold over every data set, with the
// thresholds tuned so far set as in tuned. ok is false when no data set
// compared the threshold at all.
func (t *tuner) tuneThreshold(name string, tuned tuneSet) (int64, bool) {
	lo, hi := int64(thresholdMin), int64(thresholdMax)
	found := false
	with := func(v int64) tuneSet {
		return append(append(tuneSet{}, tuned...), tuneParam{name, v})
	}
	for _, tc := range t.cases {
		cmps, base, err := t.run(tc, with(hi), t.o.timeout)
		if err != nil {
			// As in futhark autotune, a failing sample run gives no
			// information: a threshold around this one will be set so
			// that this path is not taken.
			if t.o.verbose > 0 {
				fmt.Fprintf(t.log, "Sampling run of %s failed:\n%s\n", tc.c.Name, indent(err.Error()))
			}
			continue
		}
		pars, ok := cmps[name]
		if !ok {
			if t.o.verbose > 0 {
				fmt.Fprintf(t.log, "%s is not compared on entry point %s, data set %s\n", name, tc.entry, tc.c.Name)
			}
			continue
		}
		found = true
		fmt.Fprintf(t.log, "Tuning %s on entry point %s and data set %s\n", name, tc.entry, tc.c.Name)
		var cands []int64
		for _, p := range sortedUnique(pars) {
			if p > lo && p < hi {
				cands = append(cands, p)
			}
		}
		if t.o.verbose > 0 {
			fmt.Fprintf(t.log, "  candidates %v; with %s=%d: %dμs\n", cands, name, hi, base)
		}
		bestT, bestV := t.search(tc, with, base, hi, cands)
		if t.o.verbose > 0 {
			fmt.Fprintf(t.log, "  best: %s=%d (%dμs)\n", name, bestV, bestT)
		}
		// Later data sets choose within (lo, hi]: at most the value chosen
		// here, and above the candidate below it, so that this data set's
		// comparisons keep their outcome.
		newLo := lo
		for i, c := range cands {
			if c == bestV && i > 0 {
				newLo = max(lo, cands[i-1])
			}
		}
		lo, hi = newLo, bestV
	}
	return hi, found
}

// search finds the fastest of the candidate values for one data set, as
// futhark autotune's binary search does: it compares the two middle
// candidates and goes on in the half of the faster one, assuming the run
// time is unimodal in the threshold, and tries every candidate once at
// most two are left. It returns the best run time and value, starting
// from (bestT, bestV).
func (t *tuner) search(tc tuneCase, with func(int64) tuneSet, bestT, bestV int64, cands []int64) (int64, int64) {
	try := func(v int64) (int64, bool) {
		_, us, err := t.run(tc, with(v), t.limit(tc))
		if err != nil {
			if t.o.verbose > 1 {
				fmt.Fprintf(t.log, "  value %d failed: %s\n", v, firstLine(err.Error()))
			}
			return 0, false
		}
		if t.o.verbose > 0 {
			fmt.Fprintf(t.log, "  value %d: %dμs\n", v, us)
		}
		return us, true
	}
	take := func(us, v int64, ok bool) {
		if ok && us < bestT {
			bestT, bestV = us, v
		}
	}
	for len(cands) > 2 {
		mid := len(cands) / 2
		a, b := cands[mid], cands[mid+1]
		ta, okA := try(a)
		tb, okB := try(b)
		take(ta, a, okA)
		take(tb, b, okB)
		switch {
		case okA && (!okB || ta < tb):
			cands = cands[:mid]
		case okB:
			cands = cands[mid+2:]
		default:
			return bestT, bestV
		}
	}
	for _, c := range cands {
		us, ok := try(c)
		take(us, c, ok)
	}
	return bestT, bestV
}

func sortedUnique(xs []int64) []int64 {
	out := append([]int64(nil), xs...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	k := 0
	for i, x := range out {
		if i == 0 || x != out[k-1] {
			out[k] = x
			k++
		}
	}
	return out[:k]
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// String prints a set as NAME=VALUE pairs.
func (s tuneSet) String() string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = fmt.Sprintf("%s=%d", p.name, p.value)
	}
	return strings.Join(parts, " ")
}
