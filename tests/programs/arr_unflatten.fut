-- unflatten splits the outer dimension; the sizes come from the type.
-- ==
-- input { [1, 2, 3, 4, 5, 6] 2i64 3i64 }
-- output { [[1, 2, 3], [4, 5, 6]] }
-- input { [1, 2, 3, 4, 5, 6] 3i64 2i64 }
-- output { [[1, 2], [3, 4], [5, 6]] }
-- input { [1, 2, 3, 4, 5] 2i64 3i64 }
-- error: .
def main (xs: []i32) (n: i64) (m: i64) : [n][m]i32 = unflatten (xs :> [n * m]i32)
