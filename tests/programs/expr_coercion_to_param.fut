-- Coercing an array to the size of another so the two may be zipped.
-- ==
-- input { [1, 2, 3] [10, 20, 30] }
-- output { [11, 22, 33] }
-- input { [1, 2, 3] [10, 20] }
-- error: .
def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs (ys :> [n]i32)
