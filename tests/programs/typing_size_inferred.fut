-- Sizes flow through map, zip and function results without coercions.
-- ==
-- input { [1, 2, 3] }
-- output { [2, 4, 6] }
def double [n] (xs: [n]i32) : [n]i32 = map (*2) xs

def main [n] (xs: [n]i32) =
  let ys = double xs
  let zs = map2 (+) xs ys
  in map2 (-) zs xs
