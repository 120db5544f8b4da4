-- concat_to concatenates into an array of a given size, checked at
-- run time.
-- ==
-- input { [1, 2] [3] 3i64 }
-- output { [1, 2, 3] }
-- input { [1, 2] [3] 4i64 }
-- error: .
def main (xs: []i32) (ys: []i32) (k: i64) : [k]i32 = concat_to k xs ys
