-- curry and uncurry.
-- ==
-- input { [1, 2] [3, 4] }
-- output { [4, 6] 11 }
def main [n] (xs: [n]i32) (ys: [n]i32) =
  let add (a: i32, b: i32) = a + b
  in (map (uncurry (+)) (zip xs ys), curry add 5 6)
