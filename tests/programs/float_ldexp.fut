-- ldexp x n multiplies x by 2 to the power n.
-- ==
-- input { 1.5 3 }
-- output { 12.0 0.1875 }
def main (x: f64) (n: i32) = (f64.ldexp x n, f64.ldexp x (-n))
