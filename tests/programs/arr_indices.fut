-- indices gives the valid indices of an array.
-- ==
-- input { [7.0, 8.0, 9.0] }
-- output { [0i64, 1i64, 2i64] }
def main (xs: []f64) = indices xs
