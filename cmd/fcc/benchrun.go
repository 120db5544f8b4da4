package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// benchPolicy is how many runs fcc bench makes of a data set, as futhark
// bench decides it: after the executable's own untimed warm-up run, an
// initial phase of at least Runs runs that lasts at least MinTime; if those
// are not robust (runStats.robust), they are discarded and a convergence
// phase runs until the runs are robust or MaxConvergence has passed.
// Without Convergence, exactly Runs runs are made.
type benchPolicy struct {
	Runs           int
	Convergence    bool
	MinTime        time.Duration
	MaxConvergence time.Duration
	TargetRSE      float64
}

// maxBatch bounds the runs asked of one executable process, and
// maxInitialRuns the initial phase of a program too fast to measure.
const (
	maxBatch       = 10000
	maxInitialRuns = 100000
)

// batchFunc makes n timed runs and returns their times in microseconds.
type batchFunc func(n int) ([]int64, error)

// measureResult is what measure found: the runs kept and whether they
// met the policy's quality target.
type measureResult struct {
	Runtimes  []int64
	Converged bool
}

// measure runs batches by the policy. now is the clock (time.Now outside
// tests).
func measure(p benchPolicy, batch batchFunc, now func() time.Time) (measureResult, error) {
	times, err := batch(p.Runs)
	if err != nil {
		return measureResult{}, err
	}
	if !p.Convergence {
		return measureResult{times, true}, nil
	}
	for total := sum(times); total < p.MinTime.Microseconds() && len(times) < maxInitialRuns; total = sum(times) {
		mean := max(float64(total)/float64(len(times)), 1)
		n := int(float64(p.MinTime.Microseconds()-total)/mean) + 1
		more, err := batch(min(n, maxBatch, maxInitialRuns-len(times)))
		if err != nil {
			return measureResult{}, err
		}
		times = append(times, more...)
	}
	if summarise(times).robust(p.TargetRSE) {
		return measureResult{times, true}, nil
	}
	// The convergence phase starts afresh: the initial runs were not
	// independent enough to keep.
	start := now()
	var kept []int64
	n := p.Runs
	for {
		more, err := batch(n)
		if err != nil {
			return measureResult{}, err
		}
		kept = append(kept, more...)
		s := summarise(kept)
		if len(kept) >= p.Runs && s.robust(p.TargetRSE) {
			return measureResult{kept, true}, nil
		}
		left := p.MaxConvergence - now().Sub(start)
		if left <= 0 {
			return measureResult{kept, false}, nil
		}
		// Double the batch, but not past what fits in the time left.
		fit := int(float64(left.Microseconds())/max(s.Mean, 1)) + 1
		n = max(1, min(2*n, fit, maxBatch))
	}
}

func sum(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// exeBatches runs a compiled program's data set as batches: each batch is
// one process with -r n -t FILE, whose first run is an untimed warm-up.
// While a batch runs, onRun is told how many of its runs are done (the
// executable writes each run's time to FILE as the run ends).
type exeBatches struct {
	exe      string
	args     []string // entry point and options, without -r and -t
	input    []byte
	deadline time.Time     // none when zero
	timeout  time.Duration // for the message when deadline passes
	onRun    func(done int)

	stdout []byte // the first batch's standard output (its result)
	stderr string // the last batch's standard error
}

func (b *exeBatches) run(n int) ([]int64, error) {
	tfile, err := os.CreateTemp("", "fcc-runtimes-")
	if err != nil {
		return nil, err
	}
	tfile.Close()
	defer os.Remove(tfile.Name())
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if !b.deadline.IsZero() {
		ctx, cancel = context.WithDeadline(ctx, b.deadline)
	}
	defer cancel()
	args := append([]string{"-r", strconv.Itoa(n), "-t", tfile.Name()}, b.args...)
	if b.stdout != nil {
		args = append(args, "-n") // the result was checked after the first batch
	}
	cmd := exec.CommandContext(ctx, b.exe, args...)
	cmd.Stdin = bytes.NewReader(b.input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var werr error
	if b.onRun == nil {
		werr = <-done
	} else {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
	wait:
		for {
			select {
			case werr = <-done:
				break wait
			case <-tick.C:
				if data, err := os.ReadFile(tfile.Name()); err == nil {
					b.onRun(bytes.Count(data, []byte{'\n'}))
				}
			}
		}
	}
	b.stderr = stderr.String()
	if werr != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("execution exceeded %v", b.timeout)
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = werr.Error()
		}
		return nil, errors.New(msg)
	}
	if b.stdout == nil {
		b.stdout = stdout.Bytes()
	}
	data, err := os.ReadFile(tfile.Name())
	if err != nil {
		return nil, err
	}
	var times []int64
	for _, f := range strings.Fields(string(data)) {
		t, err := strconv.ParseInt(f, 10, 64)
		if err != nil || t < 0 {
			return nil, fmt.Errorf("malformed run time %q in the executable's -t file", f)
		}
		times = append(times, t)
	}
	if len(times) != n {
		return nil, fmt.Errorf("the executable reported %d run times for -r %d", len(times), n)
	}
	if b.onRun != nil {
		b.onRun(n)
	}
	return times, nil
}
