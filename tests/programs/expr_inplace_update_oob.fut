-- An in-place update out of bounds fails at run time.
-- ==
-- input { [1, 2, 3] 5i64 }
-- error: out of bounds
-- input { [1, 2, 3] -1i64 }
-- error: out of bounds
def main (xs: *[]i32) (i: i64) = xs with [i] = 0
