-- map2 on arrays whose sizes differ at run time fails at the coercion.
-- ==
-- input { [1, 2, 3] [4, 5, 6] }
-- output { [4, 10, 18] }
-- input { [1, 2, 3] [4, 5] }
-- error: .
-- input { empty([0]i32) [1] }
-- error: .
def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (*) xs (ys :> [n]i32)
