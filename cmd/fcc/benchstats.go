package main

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// runStats summarises the run times of one data set, in microseconds.
type runStats struct {
	N        int
	Mean     float64
	Stddev   float64 // sample standard deviation
	RSE      float64 // relative standard error of the mean: Stddev/sqrt(N)/Mean
	CILow    float64 // 95% confidence interval of the mean (Student's t)
	CIHigh   float64
	Autocorr float64 // lag-1 autocorrelation of the runs, in order
	Min, Max int64
}

func summarise(xs []int64) runStats {
	s := runStats{N: len(xs)}
	if s.N == 0 {
		return s
	}
	s.Min, s.Max = xs[0], xs[0]
	for _, x := range xs {
		s.Mean += float64(x)
		s.Min, s.Max = min(s.Min, x), max(s.Max, x)
	}
	s.Mean /= float64(s.N)
	s.CILow, s.CIHigh = s.Mean, s.Mean
	if s.N < 2 {
		return s
	}
	var ss float64
	for _, x := range xs {
		d := float64(x) - s.Mean
		ss += d * d
	}
	s.Stddev = math.Sqrt(ss / float64(s.N-1))
	se := s.Stddev / math.Sqrt(float64(s.N))
	if s.Mean > 0 {
		s.RSE = se / s.Mean
	}
	half := tQuantile975(s.N-1) * se
	s.CILow, s.CIHigh = s.Mean-half, s.Mean+half
	if ss > 0 {
		var c float64
		for i := 1; i < s.N; i++ {
			c += (float64(xs[i-1]) - s.Mean) * (float64(xs[i]) - s.Mean)
		}
		s.Autocorr = c / ss
	}
	return s
}

// tQuantile975 is the 97.5% quantile of Student's t distribution with df
// degrees of freedom: the half-width of a two-sided 95% interval in
// standard errors.
func tQuantile975(df int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(0.975)
}

// robust reports whether the measurements are good enough to stop: the
// mean is known to within targetRSE and consecutive runs are not so
// correlated (a warming or throttling device) that the standard error
// understates the spread. This is futhark bench's test of "sufficient
// statistical quality": standard deviation and autocorrelation.
func (s runStats) robust(targetRSE float64) bool {
	if s.N < 2 {
		return false
	}
	return s.RSE <= targetRSE && s.Autocorr <= maxAutocorr
}

// maxAutocorr bounds the lag-1 autocorrelation of runs taken as
// independent samples; above it the runs drift, and the standard error
// understates the uncertainty (a negative one overstates it, which is
// safe).
const maxAutocorr = 0.5

// welch is Welch's two-sample t-test of equal means: the two-sided p-value
// for the samples a and b, which may have different sizes and variances.
// Samples of fewer than two runs, or without spread in either, give 1 when
// the means are equal and 0 otherwise.
func welch(a, b runStats) float64 {
	if a.N < 2 || b.N < 2 {
		return 1
	}
	va := a.Stddev * a.Stddev / float64(a.N)
	vb := b.Stddev * b.Stddev / float64(b.N)
	if va+vb == 0 {
		if a.Mean == b.Mean {
			return 1
		}
		return 0
	}
	t := (a.Mean - b.Mean) / math.Sqrt(va+vb)
	df := (va + vb) * (va + vb) / (va*va/float64(a.N-1) + vb*vb/float64(b.N-1))
	return 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival(math.Abs(t))
}

// geomean is the geometric mean of positive numbers (1 for none).
func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 1
	}
	var s float64
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}
