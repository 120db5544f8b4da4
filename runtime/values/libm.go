package values

import (
	"math"
	"math/big"
	"sync"
)

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
//     C, where Go gives x;
//   - Sin, Cos and Tan near multiples of π/2 and of huge arguments lost
//     digits in the argument's reduction.
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

// F16FromFloat64 rounds a float64 to binary16 bits once, as Futhark's
// f16.f64 does (rounding through float32 first can be wrong: 1 + 2^-11 +
// 2^-40 becomes 1 + 2^-11 in float32, a tie that rounds down to 1).
func F16FromFloat64(f float64) uint16 { return f16FromFloat64(f) }

// Sin is the sine, within an ulp: Go's reduction of the argument by
// multiples of π/2 loses digits near those multiples (sin π was 7 ulp
// off) and for huge arguments (25 ulp at the largest float).
func Sin(x float64) float64 {
	if math.Abs(x) <= math.Pi/4 || math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Sin(x)
	}
	n, r := reduceHalfPi(x)
	switch n & 3 {
	case 0:
		return sinDD(r)
	case 1:
		return cosDD(r)
	case 2:
		return -sinDD(r)
	}
	return -cosDD(r)
}

// Cos is the cosine, within an ulp (see Sin).
func Cos(x float64) float64 {
	if math.Abs(x) <= math.Pi/4 || math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Cos(x)
	}
	n, r := reduceHalfPi(x)
	switch n & 3 {
	case 0:
		return cosDD(r)
	case 1:
		return -sinDD(r)
	case 2:
		return -cosDD(r)
	}
	return sinDD(r)
}

// Tan is the tangent, within an ulp or two (see Sin).
func Tan(x float64) float64 {
	if math.Abs(x) <= math.Pi/4 || math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Tan(x)
	}
	n, r := reduceHalfPi(x)
	t := math.Tan(r.hi)
	// tan(hi + lo) = tan hi + (1 + tan² hi) lo to first order.
	t += (1 + t*t) * r.lo
	if n&1 == 1 {
		return -1 / t
	}
	return t
}

func sinDD(r dd) float64 { return math.Sin(r.hi) + math.Cos(r.hi)*r.lo }
func cosDD(r dd) float64 { return math.Cos(r.hi) - math.Sin(r.hi)*r.lo }

// π/2 in three parts of 33 bits and the rest (fdlibm's split): n times
// each part is exact for n < 2^20.
const (
	pio2_1 = 1.57079632673412561417e+00
	pio2_2 = 6.07710050630396597660e-11
	pio2_3 = 2.02226624871116645580e-21
	pio2_r = 8.47842766036889956997e-32
)

// reduceHalfPi returns n and r = x - n·π/2 in double-double precision,
// |r| ≤ π/4 (about).
func reduceHalfPi(x float64) (int64, dd) {
	if math.Abs(x) < 0x1p20 {
		k := math.Round(x * (2 / math.Pi))
		r := dd{x, 0}
		for _, p := range []float64{pio2_1, pio2_2, pio2_3, pio2_r} {
			r = r.add(twoProd(-k, p))
		}
		return int64(k), r
	}
	return reduceHalfPiBig(x)
}

// reduceHalfPiBig reduces huge arguments with π to 1300 bits, enough for
// the largest float64 (2^1024) and 53 bits after the binary point with
// room to spare.
func reduceHalfPiBig(x float64) (int64, dd) {
	const prec = 1300
	halfPi := bigHalfPi()
	X := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(X, halfPi)
	// Round q to the nearest integer.
	q.Add(q, new(big.Float).SetPrec(prec).SetFloat64(math.Copysign(0.5, x)))
	k, _ := q.Int(nil)
	kf := new(big.Float).SetPrec(prec).SetInt(k)
	R := new(big.Float).SetPrec(prec).Sub(X, kf.Mul(kf, halfPi))
	hi, _ := R.Float64()
	lo, _ := R.Sub(R, new(big.Float).SetFloat64(hi)).Float64()
	n := new(big.Int).And(k, big.NewInt(3)).Int64()
	return n, dd{hi, lo}
}

var (
	halfPiOnce sync.Once
	halfPiBig  *big.Float
)

// bigHalfPi is π/2 to 1300 bits, by Machin's formula π/4 = 4 atan(1/5) -
// atan(1/239), computed once.
func bigHalfPi() *big.Float {
	halfPiOnce.Do(func() {
		const prec = 1400
		atanInv := func(m int64) *big.Float {
			// atan(1/m) = Σ (-1)^i / ((2i+1) m^(2i+1))
			sum := new(big.Float).SetPrec(prec)
			pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(m))
			m2 := new(big.Float).SetPrec(prec).SetInt64(m * m)
			eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -prec)
			for i := int64(0); pow.Cmp(eps) > 0; i++ {
				term := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*i+1))
				if i%2 == 0 {
					sum.Add(sum, term)
				} else {
					sum.Sub(sum, term)
				}
				pow.Quo(pow, m2)
			}
			return sum
		}
		a := atanInv(5)
		a.Mul(a, big.NewFloat(4))
		a.Sub(a, atanInv(239))
		halfPiBig = a.Mul(a, big.NewFloat(2)) // 2·(π/4)
	})
	return halfPiBig
}
