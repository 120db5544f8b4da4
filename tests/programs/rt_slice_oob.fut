-- A slice reaching past the end is out of bounds.
-- ==
-- input { [1, 2, 3, 4, 5] 2i64 6i64 }
-- error: out of bounds
-- input { [1, 2, 3, 4, 5] 2i64 5i64 }
-- output { [3, 4, 5] }
-- input { [1, 2, 3, 4, 5] -1i64 2i64 }
-- error: out of bounds
def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
