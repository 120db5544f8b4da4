-- Arithmetic of mk_complex f64: sum, difference, product and quotient, each
-- returned as its real and imaginary parts.
-- ==
-- input { 1.0f64 2.0f64 3.0f64 -1.0f64 }
-- output { 4.0f64 1.0f64 -2.0f64 3.0f64 5.0f64 5.0f64 0.10000000000000001f64 0.70000000000000007f64 }
-- input { 0.5f64 0.0f64 0.0f64 0.25f64 }
-- output { 0.5f64 0.25f64 0.5f64 -0.25f64 0.0f64 0.125f64 0.0f64 -2.0f64 }
-- input { -2.0f64 -3.0f64 -1.5f64 4.0f64 }
-- output { -3.5f64 1.0f64 -0.5f64 -7.0f64 15.0f64 -3.5f64 -0.49315068493150682f64 0.68493150684931503f64 }
-- input { 1000.0f64 0.001f64 7.0f64 7.0f64 }
-- output { 1007.0f64 7.0010000000000003f64 993.0f64 -6.9989999999999997f64 6999.9930000000004f64 7000.0069999999996f64 71.428642857142862f64 -71.4285f64 }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def parts (z: c64.complex) : (f64, f64) = (c64.re z, c64.im z)

def main (a: f64) (b: f64) (c: f64) (d: f64) =
  let z = c64.mk a b
  let w = c64.mk c d
  let (sr, si) = parts (z c64.+ w)
  let (dr, di) = parts (z c64.- w)
  let (pr, pi) = parts (z c64.* w)
  let (qr, qi) = parts (z c64./ w)
  -- A flat tuple: an entry point's nested tuples would be opaque values.
  in (sr, si, dr, di, pr, pi, qr, qi)
