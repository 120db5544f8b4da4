-- A negative index is out of bounds.
-- ==
-- input { [1, 2, 3] -1i64 }
-- error: out of bounds
-- input { [1, 2, 3] 0i64 }
-- output { 1 }
def main (xs: []i32) (i: i64) = xs[i]
