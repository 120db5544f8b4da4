package values

import "math"

// Float functions where Go's math package differs from C's (and so from
// the OpenCL built-ins and Futhark's definitions) on special values or
// loses accuracy, shared by the interpreter and executables' host code:
//
//   - Log, Log10 and Lgamma of subnormals: Go's assembly log on amd64
//     treats a subnormal as if its exponent were that of the smallest
//     normal (log 5e-324 came out as -709.09 instead of -744.44);
//   - Exp, Sinh and Cosh just below their overflow thresholds came out
//     infinite (exp 709.7827 is finite);
//   - Lgamma(-inf) is +inf in C, -inf in Go;
//   - Atan2(y, x) with y/x underflowing to zero and x < 0 lost y's sign;
//   - Log2 next to 1 lost most of its digits to cancellation;
//   - Pow was off by millions of ulp (pow (1+2^-52) 2^52);
//   - Nextafter(x, y) with x == y is y (their zeros' signs differ), as in
//     C, where Go gives x.
//
// The rest is Go's own, within an ulp or two of the correctly rounded
// result, inside OpenCL's bounds for the built-ins.

const (
	// ln 2 split so that k*ln2Hi is exact for |k| < 2^20 (fdlibm's split).
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
	// The smallest normal float64.
	minNormal = 0x1p-1022
)

// Log is the natural logarithm, correct for subnormals.
func Log(x float64) float64 {
	if x > 0 && x < minNormal {
		// Scale into the normal range, where Go's log is right, and
		// take the scaling back with ln 2 in two parts.
		const k = -54
		return (math.Log(x*0x1p54) + k*ln2Lo) + k*ln2Hi
	}
	return math.Log(x)
}

// Log10 is the base-10 logarithm, correct for subnormals.
func Log10(x float64) float64 {
	if x > 0 && x < minNormal {
		return Log(x) * (1 / math.Ln10)
	}
	return math.Log10(x)
}

// Log2 is the base-2 logarithm: exact at powers of two, and accurate next
// to 1 (log2 of the float after 1 is 2^-52/ln 2, not 2^-52.2).
func Log2(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 1) {
		return math.Log2(x)
	}
	f, e := math.Frexp(x)
	if f < math.Sqrt2/2 {
		f *= 2
		e--
	}
	// f in [√½, √2): log(f) is small and accurate, and is all of the
	// result when e is 0.
	return float64(e) + Log(f)*(1/math.Ln2)
}

// Exp is e^x, finite up to the largest x whose result is.
func Exp(x float64) float64 {
	if x > 709 && x < 710 || x < -708 && x > -746 {
		return expScaled(dd{x, 0}, 0)
	}
	return math.Exp(x)
}

// Sinh is the hyperbolic sine, finite up to the largest x whose result is.
func Sinh(x float64) float64 {
	if a := math.Abs(x); a > 709 && a < 711 {
		return math.Copysign(expScaled(dd{a, 0}, -1), x)
	}
	return math.Sinh(x)
}

// Cosh is the hyperbolic cosine, finite up to the largest x whose result
// is.
func Cosh(x float64) float64 {
	if a := math.Abs(x); a > 709 && a < 711 {
		return expScaled(dd{a, 0}, -1)
	}
	return math.Cosh(x)
}

// Lgamma is log |Γ(x)|, as C's lgamma: +inf at -inf, correct for
// subnormals.
func Lgamma(x float64) float64 {
	switch a := math.Abs(x); {
	case math.IsInf(x, -1):
		return math.Inf(1)
	case a > 0 && a < 0x1p-70:
		// Γ(x) = 1/x to working precision.
		return -Log(a)
	}
	r, _ := math.Lgamma(x)
	return r
}

// Atan2 is C's atan2: the result has y's sign.
func Atan2(y, x float64) float64 {
	r := math.Atan2(y, x)
	if math.IsNaN(r) {
		return r
	}
	return math.Copysign(r, y)
}

// Nextafter is C's nextafter on float64: y when x == y.
func Nextafter(x, y float64) float64 {
	if x == y {
		return y
	}
	return math.Nextafter(x, y)
}

// Nextafter32 is C's nextafter on float32: y when x == y.
func Nextafter32(x, y float32) float32 {
	if x == y {
		return y
	}
	return math.Nextafter32(x, y)
}

// Pow is x^y as C's pow, within about an ulp: the special cases are Go's
// (which follow C's), the magnitude e^(y·ln|x|) is computed with ln|x|
// and the product in double-double precision.
func Pow(x, y float64) float64 {
	switch {
	case x == 0 || y == 0 || x == 1 || math.IsNaN(x) || math.IsNaN(y) ||
		math.IsInf(x, 0) || math.IsInf(y, 0):
		return math.Pow(x, y)
	}
	neg := false
	if x < 0 {
		yi, yf := math.Modf(y)
		if yf != 0 {
			return math.NaN()
		}
		// An odd integer exponent keeps the sign; integers beyond 2^53
		// are even.
		neg = math.Abs(yi) < 0x1p53 && int64(yi)%2 != 0
		x = -x
	}
	var r float64
	l := logDD(x)
	if p := l.hi * y; math.Abs(p) > 1000 {
		// Certain overflow or underflow (the double-double product of
		// a huge y would overflow on the way); x is positive here.
		r = math.Pow(x, y)
	} else {
		r = expScaled(l.mulFloat(y), 0)
	}
	if neg {
		return -r
	}
	return r
}

// dd is a double-double: the unevaluated sum hi + lo, |lo| ≤ ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func (a dd) add(b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func (a dd) mul(b dd) dd {
	p := twoProd(a.hi, b.hi)
	p.lo += a.hi*b.lo + a.lo*b.hi
	return quickTwoSum(p.hi, p.lo)
}

func (a dd) mulFloat(b float64) dd {
	p := twoProd(a.hi, b)
	p.lo += a.lo * b
	return quickTwoSum(p.hi, p.lo)
}

func (a dd) div(b dd) dd {
	q1 := a.hi / b.hi
	r := a.add(b.mulFloat(-q1))
	q2 := r.hi / b.hi
	r = r.add(b.mulFloat(-q2))
	q3 := r.hi / b.hi
	return quickTwoSum(q1, q2).add(dd{q3, 0})
}

// recip is 1/k in double-double precision.
func recip(k float64) dd {
	q := 1 / k
	// 1/k - q = (1 - k q)/k, with 1 - k q exact by the fused multiply-add.
	return dd{q, -math.FMA(k, q, -1) / k}
}

// ln2DD is ln 2 in double-double precision.
var ln2DD = dd{6.93147180559945286227e-01, 2.31904681384629955842e-17}

// logDD is ln x for finite x > 0 in double-double precision: with
// x = f·2^e, f in [√½, √2), ln f = 2 atanh s for s = (f-1)/(f+1), |s| <
// 0.172, whose series converges by a factor s² < 0.03 a term.
func logDD(x float64) dd {
	f, e := math.Frexp(x)
	if f < math.Sqrt2/2 {
		f *= 2
		e--
	}
	s := dd{f - 1, 0}.div(twoSum(f, 1))
	s2 := s.mul(s)
	// Horner from the 45th power down: 2(s + s³/3 + s⁵/5 + ...).
	var sum dd
	for k := 45; k >= 3; k -= 2 {
		sum = sum.add(recip(float64(k))).mul(s2)
	}
	lnf := s.add(s.mul(sum)).mulFloat(2)
	return ln2DD.mulFloat(float64(e)).add(lnf)
}

// expScaled is 2^scale · e^t for a double-double t, rounded once at the
// end but for the final scaling into the subnormal range.
func expScaled(t dd, scale int) float64 {
	switch {
	case math.IsNaN(t.hi):
		return t.hi
	case t.hi > 710-float64(scale)*math.Ln2+1:
		return math.Inf(1)
	case t.hi < -746-float64(scale)*math.Ln2-1:
		return 0
	}
	k := math.Round(t.hi / math.Ln2)
	// r = t - k ln 2, |r| ≤ ln2/2, in double-double.
	r := t.add(ln2DD.mulFloat(-k))
	// e^(hi+lo) = e^hi (1 + lo) to within lo², far below an ulp.
	v := math.Exp(r.hi)
	v += v * r.lo
	return math.Ldexp(v, int(k)+scale)
}
