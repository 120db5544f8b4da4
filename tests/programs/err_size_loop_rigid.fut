-- A loop whose body changes the size of its array returns an array of
-- an existential size, unknown until the loop ends.
-- ==
-- error: Sizes "n" and "\?[0-9]+" do not match .* unknown size of the value returned by the loop

def main [n] (xs: [n]i32) (k: i32) =
  let ys = loop ys = xs for _i < k do ys ++ ys
  in map2 (+) xs ys
