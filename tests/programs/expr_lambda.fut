-- Lambdas with one and several parameters, annotated parameters, tuple
-- patterns and a return type.
-- ==
-- input { [1, 2, 3] [4, 5, 6] }
-- output { [2, 3, 4] [4, 10, 18] [5, 7, 9] [-3, -3, -3] }
def main [n] (xs: [n]i32) (ys: [n]i32) =
  ( map (\x -> x + 1) xs
  , map2 (\x y -> x * y) xs ys
  , map (\(a, b) -> a + b) (zip xs ys)
  , map2 (\(x: i32) (y: i32) : i32 -> x - y) xs ys
  )
