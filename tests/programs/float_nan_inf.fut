-- nan and inf, isnan and isinf, and comparisons involving nan.
-- ==
-- input { 1.0 }
-- output { true false false true false true f64.inf f64.nan }
def main (x: f64) =
  let n = f64.nan
  let i = f64.inf
  in (f64.isnan n, f64.isnan i, f64.isinf n, f64.isinf (-i), n == n, n != n, x / 0, 0 / (x - 1))
