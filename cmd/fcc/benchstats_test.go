package main

import (
	"math"
	"testing"
	"time"
)

func TestSummarise(t *testing.T) {
	tests := []struct {
		name             string
		xs               []int64
		mean, sd, lo, hi float64
		rse, autocorr    float64
		min, max         int64
	}{
		{"one run", []int64{7}, 7, 0, 7, 7, 0, 0, 7, 7},
		{"constant", []int64{5, 5, 5, 5}, 5, 0, 5, 5, 0, 0, 5, 5},
		// sd = sqrt(2.5), se = sd/sqrt(5), t(4, 0.975) = 2.7764.
		{"ramp", []int64{1, 2, 3, 4, 5}, 3, 1.5811, 1.0368, 4.9632, 0.2357, 0.4, 1, 5},
		{"alternating", []int64{10, 20, 10, 20}, 15, 5.7735, 5.8131, 24.1869, 0.1925, -0.75, 10, 20},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
	for _, tc := range tests {
		s := summarise(tc.xs)
		if s.N != len(tc.xs) || !near(s.Mean, tc.mean) || !near(s.Stddev, tc.sd) || !near(s.CILow, tc.lo) || !near(s.CIHigh, tc.hi) ||
			!near(s.RSE, tc.rse) || !near(s.Autocorr, tc.autocorr) || s.Min != tc.min || s.Max != tc.max {
			t.Errorf("%s: got %+v", tc.name, s)
		}
	}
	if s := summarise(nil); s.N != 0 || s.Mean != 0 {
		t.Errorf("no runs: %+v", s)
	}
}

func TestWelch(t *testing.T) {
	same := summarise([]int64{100, 102, 98, 101, 99})
	if p := welch(same, same); p < 0.99 {
		t.Errorf("equal samples: p = %v", p)
	}
	slow := summarise([]int64{200, 203, 197, 201, 199})
	if p := welch(same, slow); p > 1e-6 {
		t.Errorf("clearly different samples: p = %v", p)
	}
	// Overlapping noisy samples are not significantly different.
	a := summarise([]int64{100, 130, 90, 120, 95})
	b := summarise([]int64{105, 125, 92, 118, 101})
	if p := welch(a, b); p < 0.5 {
		t.Errorf("overlapping samples: p = %v", p)
	}
	if p := welch(summarise([]int64{1}), slow); p != 1 {
		t.Errorf("one run: p = %v, want 1 (no test possible)", p)
	}
	if p := welch(summarise([]int64{3, 3}), summarise([]int64{4, 4})); p != 0 {
		t.Errorf("no spread, different means: p = %v, want 0", p)
	}
}

func TestGeomean(t *testing.T) {
	if g := geomean([]float64{2, 8}); math.Abs(g-4) > 1e-12 {
		t.Errorf("geomean(2, 8) = %v", g)
	}
	if g := geomean(nil); g != 1 {
		t.Errorf("geomean() = %v", g)
	}
}

// fakeBatches serves run times from gen and advances a fake clock by each
// batch's total time.
type fakeBatches struct {
	gen     func(i int) int64
	i       int
	clock   time.Time
	batches []int
}

func (f *fakeBatches) run(n int) ([]int64, error) {
	f.batches = append(f.batches, n)
	xs := make([]int64, n)
	for k := range xs {
		xs[k] = f.gen(f.i)
		f.i++
		f.clock = f.clock.Add(time.Duration(xs[k]) * time.Microsecond)
	}
	return xs, nil
}

func (f *fakeBatches) now() time.Time { return f.clock }

func TestMeasure(t *testing.T) {
	policy := benchPolicy{Runs: 10, Convergence: true, MinTime: 500 * time.Millisecond, MaxConvergence: 5 * time.Second, TargetRSE: 0.01}

	t.Run("exactly runs without convergence", func(t *testing.T) {
		f := &fakeBatches{gen: func(i int) int64 { return int64(1 + i%7) }}
		m, err := measure(benchPolicy{Runs: 3}, f.run, f.now)
		if err != nil || len(m.Runtimes) != 3 || !m.Converged || len(f.batches) != 1 {
			t.Errorf("got %+v, %v, batches %v", m, err, f.batches)
		}
	})
	t.Run("initial phase lasts the minimum time", func(t *testing.T) {
		f := &fakeBatches{gen: func(int) int64 { return 1000 }}
		m, err := measure(policy, f.run, f.now)
		if err != nil || !m.Converged || sum(m.Runtimes) < 500000 || len(m.Runtimes) > 510 {
			t.Errorf("got %d runs totalling %dμs, converged %v, %v", len(m.Runtimes), sum(m.Runtimes), m.Converged, err)
		}
	})
	t.Run("long runs need only the initial runs", func(t *testing.T) {
		f := &fakeBatches{gen: func(i int) int64 { return 100000 + int64(i%2) }}
		m, _ := measure(policy, f.run, f.now)
		if len(m.Runtimes) != 10 || len(f.batches) != 1 {
			t.Errorf("got %d runs in batches %v", len(m.Runtimes), f.batches)
		}
	})
	t.Run("noisy start converges later without the initial runs", func(t *testing.T) {
		// The first 10 runs swing wildly; afterwards the times are steady.
		f := &fakeBatches{gen: func(i int) int64 {
			if i < 10 {
				return []int64{60000, 200000}[i%2]
			}
			return 100000 + int64(i%3)
		}}
		m, err := measure(policy, f.run, f.now)
		if err != nil || !m.Converged {
			t.Fatalf("got %+v, %v", m, err)
		}
		for _, x := range m.Runtimes {
			if x < 100000 {
				t.Fatalf("the initial phase's runs were kept: %v", m.Runtimes)
			}
		}
	})
	t.Run("drift never converges and stops at the time limit", func(t *testing.T) {
		f := &fakeBatches{gen: func(i int) int64 { return 1000 + int64(i)*10 }}
		start := f.clock
		m, err := measure(policy, f.run, f.now)
		if err != nil || m.Converged {
			t.Fatalf("got converged=%v, %v", m.Converged, err)
		}
		if spent := f.clock.Sub(start); spent > 20*time.Second {
			t.Errorf("ran %v of fake time for a 5 s limit", spent)
		}
		for _, n := range f.batches {
			if n > maxBatch {
				t.Errorf("batch of %d runs", n)
			}
		}
	})
	t.Run("zero-time runs stop", func(t *testing.T) {
		f := &fakeBatches{gen: func(int) int64 { return 0 }}
		m, err := measure(policy, f.run, f.now)
		if err != nil || len(m.Runtimes) > maxInitialRuns {
			t.Errorf("got %d runs, %v", len(m.Runtimes), err)
		}
	})
}
