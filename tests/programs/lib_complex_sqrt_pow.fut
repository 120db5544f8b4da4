-- Principal square roots and powers of mk_complex f64, with zero to any
-- power being zero.
-- ==
-- input { 4.0f64 0.0f64 2.0f64 0.0f64 }
-- output { 2.0f64 0.0f64 15.999999999999998f64 0.0f64 }
-- input { -4.0f64 0.0f64 0.5f64 0.0f64 }
-- output { 1.2246467991473532e-16f64 2.0f64 1.2246467991473532e-16f64 2.0f64 }
-- input { 0.0f64 0.0f64 3.0f64 1.0f64 }
-- output { 0.0f64 0.0f64 0.0f64 0.0f64 }
-- input { 3.0f64 -4.0f64 1.0f64 1.0f64 }
-- output { 2.0f64 -1.0f64 9.8101592289381276f64 7.9679232132053537f64 }
-- input { -1.0f64 0.0f64 0.0f64 1.0f64 }
-- output { 6.123233995736766e-17f64 1.0f64 0.043213918263772258f64 0.0f64 }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def main (a: f64) (b: f64) (c: f64) (d: f64) : (f64, f64, f64, f64) =
  let z = c64.mk a b
  let s = c64.sqrt z
  let p = z c64.** c64.mk c d
  in (c64.re s, c64.im s, c64.re p, c64.im p)
