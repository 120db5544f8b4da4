package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// serverRuns times one data set through a program's server, as futhark
// bench does: the inputs are restored once (and again, untimed, before
// each call when the entry point consumes them), the first call is an
// untimed warm-up whose results are kept for checking, and every call
// after it reports its run time.
type serverRuns struct {
	s        *programServer
	entry    string
	types    entryTypes
	inFile   string
	ins      []string
	outs     []string
	deadline time.Time // none when zero
	timeout  time.Duration
	onRun    func(done int)

	result   []byte // the warm-up call's results, in the binary data format
	restored bool   // the inputs are in the server, not consumed
	errFrom  int    // the server's standard error before the data set
}

// errOpaqueResults says the results cannot be stored for checking.
var errOpaqueResults = errors.New("opaque results")

// startRuns restores a data set's inputs in the server and makes the
// warm-up call. The server is the data set's until close.
func (s *programServer) startRuns(entry string, input []byte, check bool, deadline time.Time, timeout time.Duration) (*serverRuns, error) {
	s.mu.Lock()
	r := &serverRuns{s: s, entry: entry, deadline: deadline, timeout: timeout}
	if err := r.begin(input, check); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

func (r *serverRuns) begin(input []byte, check bool) error {
	s := r.s
	if err := s.start(); err != nil {
		return err
	}
	r.errFrom = s.client.StderrOffset()
	t, err := s.entry(r.entry)
	if err != nil {
		return err
	}
	r.types = t
	if check {
		for _, o := range t.outs {
			if !transparent(o) {
				return errOpaqueResults
			}
		}
	}
	s.n++
	r.inFile = filepath.Join(s.tmp, fmt.Sprintf("%s-bench-%d.in", s.prefix, s.n))
	if err := os.WriteFile(r.inFile, input, 0o644); err != nil {
		return err
	}
	for i := range t.ins {
		r.ins = append(r.ins, fmt.Sprintf("in%d", i))
	}
	for i := range t.outs {
		r.outs = append(r.outs, fmt.Sprintf("out%d", i))
	}
	if _, err := r.call(); err != nil {
		return err
	}
	if s.profile {
		// As futhark bench --profile: the timed calls are not profiled;
		// one more call after them is (see report). The report forgets
		// what it prints, so this one drops the warm-up call's events.
		if _, err := s.cmd("report"); err != nil {
			return err
		}
		if _, err := s.cmd("pause_profiling"); err != nil {
			return err
		}
	}
	if check {
		outFile := filepath.Join(s.tmp, fmt.Sprintf("%s-bench-%d.out", s.prefix, s.n))
		defer os.Remove(outFile)
		if _, err := s.cmd(append([]string{"store", outFile}, r.outs...)...); err != nil {
			return err
		}
		if r.result, err = os.ReadFile(outFile); err != nil {
			return err
		}
	}
	return r.freeOutputs()
}

// call makes one call, restoring the inputs first if needed, and returns
// its run time in microseconds.
func (r *serverRuns) call() (int64, error) {
	s := r.s
	if s.client == nil {
		return 0, errors.New("the server ended")
	}
	if !r.restored {
		r.freeInputs()
		restore := []string{"restore", r.inFile}
		for i, typ := range r.types.ins {
			restore = append(restore, r.ins[i], typ)
		}
		if _, err := s.cmd(restore...); err != nil {
			return 0, inputError(err)
		}
		r.restored = true
	}
	timeout := time.Duration(0)
	if !r.deadline.IsZero() {
		if timeout = time.Until(r.deadline); timeout <= 0 {
			return 0, fmt.Errorf("execution exceeded %v", r.timeout)
		}
	}
	out, err := s.callOutput(append(append([]string{"call", r.entry}, r.outs...), r.ins...), timeout)
	if err != nil {
		if strings.HasPrefix(err.Error(), "timed out") {
			return 0, fmt.Errorf("execution exceeded %v", r.timeout)
		}
		return 0, err
	}
	if r.types.consumes {
		r.restored = false
	}
	for _, l := range out {
		if us, ok := strings.CutPrefix(l, "runtime: "); ok {
			return strconv.ParseInt(us, 10, 64)
		}
	}
	return 0, fmt.Errorf("the server reported no run time for call %s", r.entry)
}

// run makes n timed calls.
func (r *serverRuns) run(n int) ([]int64, error) {
	times := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		us, err := r.call()
		if err != nil {
			return nil, err
		}
		if err := r.freeOutputs(); err != nil {
			return nil, err
		}
		times = append(times, us)
		if r.onRun != nil {
			r.onRun(i + 1)
		}
	}
	return times, nil
}

// report asks the server for its report after the timed calls: the peak
// device memory goes to the result's bytes and, with --profile, the whole
// report to its profiling field. With --profile the report is of one
// profiled call made after the timed ones, as futhark bench does it, so
// that profiling does not count in the measurements.
func (r *serverRuns) report(res *benchResult) error {
	if r.s.client == nil {
		return errors.New("the server ended")
	}
	if r.s.profile {
		if _, err := r.s.cmd("unpause_profiling"); err != nil {
			return err
		}
		if _, err := r.call(); err != nil {
			return err
		}
		if err := r.freeOutputs(); err != nil {
			return err
		}
	}
	out, err := r.s.cmd("report")
	if err != nil {
		return err
	}
	raw := []byte(strings.Join(out, "\n"))
	var rep struct {
		Memory map[string]int64 `json:"memory"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		return fmt.Errorf("the server's report is not JSON: %v", err)
	}
	for space, n := range rep.Memory {
		res.Bytes[space] = n
	}
	// The data set's share of the server's standard error (its -L log
	// with --profile), as futhark bench keeps it.
	res.Stderr = r.s.client.StderrSince(r.errFrom)
	if r.s.profile {
		res.Profiling = json.RawMessage(raw)
		_, err = r.s.cmd("pause_profiling")
	}
	return err
}

func (r *serverRuns) freeOutputs() error {
	if r.s.client == nil {
		return nil
	}
	_, err := r.s.cmd(append([]string{"free"}, r.outs...)...)
	return err
}

func (r *serverRuns) freeInputs() {
	for _, v := range r.ins {
		if r.s.client != nil {
			r.s.cmd("free", v) // some may not exist: a failed restore
		}
	}
}

// close frees the data set's variables and gives the server back.
func (r *serverRuns) close() {
	if r.s.client != nil {
		for _, v := range append(append([]string(nil), r.ins...), r.outs...) {
			r.s.cmd("free", v)
		}
	}
	if r.inFile != "" {
		os.Remove(r.inFile)
	}
	r.s.mu.Unlock()
}
