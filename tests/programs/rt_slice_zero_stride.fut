-- A slice with a zero stride is out of bounds (not a division by zero),
-- and unannotated slice bounds are i64.
-- ==
-- input { [1, 2, 3, 4, 5] 0i64 4i64 2i64 } output { [1, 3] }
-- input { [1, 2, 3, 4, 5] 4i64 0i64 -2i64 } output { [5, 3] }
-- input { [1, 2, 3, 4, 5] 0i64 1i64 0i64 } error: Index \[.*\] out of bounds
def main (xs: []i32) a b c = xs[a:b:c]
