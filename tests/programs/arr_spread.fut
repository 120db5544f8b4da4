-- spread k x is vs: an array of k copies of x with vs written at is.
-- ==
-- input { 5i64 [1i64, 3i64, 8i64] [10, 30, 80] }
-- output { [-1, 10, -1, 30, -1] }
def main [n] (k: i64) (is: [n]i64) (vs: [n]i32) = spread k (-1) is vs
