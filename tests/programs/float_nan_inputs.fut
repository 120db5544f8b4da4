-- nan and infinities pass through entry points.
-- ==
-- input { [f64.nan, f64.inf, -f64.inf, 1.0] }
-- output { [true, false, false, false] [false, true, true, false] }
def main (xs: []f64) = (map f64.isnan xs, map f64.isinf xs)
