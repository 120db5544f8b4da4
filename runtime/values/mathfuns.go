package values

import "math"

// Float functions of Futhark's prelude that Go's math package lacks,
// shared by the interpreter and the host code of executables (kernels
// use the OpenCL built-ins of the same names). The functions of π·x are
// exact where the result is: sinpi of an integer is zero, cospi of a
// half-integer zero, as OpenCL's are.

// Rsqrt is 1/√x.
func Rsqrt(x float64) float64 { return 1 / math.Sqrt(x) }

// Sinpi is sin(πx).
func Sinpi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	if x == math.Trunc(x) {
		return math.Copysign(0, x)
	}
	return math.Sin(math.Pi * math.Remainder(x, 2))
}

// Cospi is cos(πx).
func Cospi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	r := math.Remainder(x, 2)
	if h := r + 0.5; h == math.Trunc(h) {
		return 0
	}
	return math.Cos(math.Pi * r)
}

// Tanpi is tan(πx).
func Tanpi(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	if x == math.Trunc(x) {
		return math.Copysign(0, x)
	}
	return Sinpi(x) / Cospi(x)
}

// Asinpi is asin(x)/π.
func Asinpi(x float64) float64 { return math.Asin(x) / math.Pi }

// Acospi is acos(x)/π.
func Acospi(x float64) float64 { return math.Acos(x) / math.Pi }

// Atanpi is atan(x)/π.
func Atanpi(x float64) float64 { return math.Atan(x) / math.Pi }

// Atan2pi is atan2(y, x)/π.
func Atan2pi(y, x float64) float64 { return Atan2(y, x) / math.Pi }
