package exe

import "github.com/fcclang/fcc/runtime/values"

// This file holds the conversions between the host's f16 type and float64
// that generated host code calls. The primitive functions themselves
// (popc, mul_hi, nextafter, ...) are in runtime/values, where the
// interpreter calls the same code.

// F16ToF64 widens an f16 to float64 (exactly).
func F16ToF64(h F16) float64 { return float64(values.F16ToFloat32(uint16(h))) }

// F16FromF64 rounds a float64 to f16 through float32, as the interpreter
// does.
func F16FromF64(x float64) F16 { return F16(values.F16FromFloat32(float32(x))) }
