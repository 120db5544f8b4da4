-- In-place update a with [i] = v.
-- ==
-- input { [1, 2, 3] 0i64 9 }
-- output { [9, 2, 3] }
-- input { [1, 2, 3] 2i64 -1 }
-- output { [1, 2, -1] }
def main (xs: *[]i32) (i: i64) (v: i32) = xs with [i] = v
