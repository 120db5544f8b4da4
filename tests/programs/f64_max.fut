-- Reductions with other operators and types.
-- ==
-- input { [3.5, -1.0, 7.25, 2.0] }
-- output { 7.25 -1.0 }
def main (xs: []f64) : (f64, f64) = (reduce f64.max f64.lowest xs, reduce f64.min f64.highest xs)
