-- min, max, abs and sgn on floats.
-- ==
-- input { -2.5 1.5 }
-- output { -2.5 1.5 2.5 -1.0 1.0 0.0 }
def main (a: f64) (b: f64) = (f64.min a b, f64.max a b, f64.abs a, f64.sgn a, f64.sgn b, f64.sgn 0)
