-- Lambdas capture variables from their surroundings.
-- ==
-- input { [1, 2, 3] 10 }
-- output { [11, 22, 33] }
def main (xs: []i32) (k: i32) =
  let scale = k + 1
  in map (\x -> x * scale) xs
