-- if choosing between arrays of the same size.
-- ==
-- input { [1, 2, 3] true }
-- output { [2, 3, 4] }
-- input { [1, 2, 3] false }
-- output { [0, 1, 2] }
def main [n] (xs: [n]i32) (up: bool) : [n]i32 =
  if up then map (+1) xs else map (\x -> x - 1) xs
