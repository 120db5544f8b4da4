-- The complex exponential and principal logarithm of mk_complex f64, and
-- exp (log z) = z.
-- ==
-- input { 1.0f64 0.0f64 }
-- output { 2.7182818284590451f64 0.0f64 0.0f64 0.0f64 1.0f64 0.0f64 }
-- input { 0.0f64 3.1415926535897931f64 }
-- output { -1.0f64 1.2246467991473532e-16f64 1.1447298858494002f64 1.5707963267948966f64 0.0f64 3.1415926535897931f64 }
-- input { -2.0f64 0.5f64 }
-- output { 0.11876788457694579f64 0.064883191057865414f64 0.72345949146816269f64 2.8966139904629289f64 -2.0f64 0.5f64 }
-- input { 0.25f64 -3.0f64 }
-- output { -1.2711755279651242f64 -0.18120167715204843f64 1.1020725100903965f64 -1.4876550949064553f64 0.25f64 -3.0f64 }
-- input { -1.0f64 -1.0f64 }
-- output { 0.19876611034641298f64 -0.30955987565311222f64 0.3465735902799727f64 -2.3561944901923448f64 -1.0f64 -1.0f64 }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def main (a: f64) (b: f64) : (f64, f64, f64, f64, f64, f64) =
  let z = c64.mk a b
  let e = c64.exp z
  let l = c64.log z
  let back = c64.exp l
  in (c64.re e, c64.im e, c64.re l, c64.im l, c64.re back, c64.im back)
