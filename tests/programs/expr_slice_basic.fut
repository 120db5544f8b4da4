-- Slices a[i:j], a[i:] and a[:j].
-- ==
-- input { [1, 2, 3, 4, 5] 1i64 3i64 }
-- output { [2, 3] [2, 3, 4, 5] [1, 2, 3] }
-- input { [1, 2, 3, 4, 5] 0i64 0i64 }
-- output { empty([0]i32) [1, 2, 3, 4, 5] empty([0]i32) }
def main (xs: []i32) (i: i64) (j: i64) = (xs[i:j], xs[i:], xs[:j])
