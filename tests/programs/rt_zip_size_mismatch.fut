-- zip after a failing size coercion.
-- ==
-- input { [1, 2] [true, false] }
-- output { [1, 0] }
-- input { [1, 2] [true] }
-- error: .
def main [n][m] (xs: [n]i32) (bs: [m]bool) =
  map (\(x, b) -> if b then x else 0) (zip xs (bs :> [n]bool))
