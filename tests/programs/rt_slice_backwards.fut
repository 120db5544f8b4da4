-- A slice whose start lies after its end (with positive stride) is
-- invalid.
-- ==
-- input { [1, 2, 3, 4, 5] 3i64 1i64 }
-- error: out of bounds
-- input { [1, 2, 3, 4, 5] 3i64 3i64 }
-- output { empty([0]i32) }
def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
