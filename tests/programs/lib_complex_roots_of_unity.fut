-- The n'th roots of unity: their sum (zero for n > 1) and their product
-- ((-1)^(n+1)), from from_polar, sum and a reduction with the module's
-- multiplication operator.
-- ==
-- input { 1i64 }
-- output { 1.0f64 0.0f64 1.0f64 0.0f64 }
-- input { 2i64 }
-- output { 0.0f64 1.2246467991473532e-16f64 -1.0f64 1.2246467991473532e-16f64 }
-- input { 3i64 }
-- output { -2.2204460492503131e-16f64 3.3306690738754696e-16f64 0.99999999999999989f64 -7.2164496600635175e-16f64 }
-- input { 5i64 }
-- output { -2.2204460492503131e-16f64 1.1102230246251565e-16f64 1.0f64 -5.5511151231257827e-16f64 }
-- input { 8i64 }
-- output { -5.5511151231257827e-16f64 -2.2204460492503131e-16f64 -1.0f64 8.3266726846886741e-16f64 }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def main (n: i64) : (f64, f64, f64, f64) =
  let roots = map (\k -> c64.from_polar 1 (2 * f64.pi * f64.i64 k / f64.i64 n)) (iota n)
  let s = c64.sum roots
  let p = reduce (c64.*) c64.one roots
  in (c64.re s, c64.im s, c64.re p, c64.im p)
