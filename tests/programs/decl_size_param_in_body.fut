-- A size parameter used as an ordinary i64 value in the body.
-- ==
-- input { [1.0, 2.0, 3.0, 6.0] }
-- output { 3.0 }
-- input { [5.0] }
-- output { 5.0 }
def mean [n] (xs: [n]f64) : f64 = reduce (+) 0 xs / f64.i64 n

def main (xs: []f64) = mean xs
