-- A size coercion whose type names a top-level constant as a size: the
-- constant means its value there, as it does in a parameter's type.
-- ==
-- input { [1, 5] } output { [[1, 2], [5, 6]] }
-- input { empty([0]i32) } output { empty([0][2]i32) }

def B : i64 = 2

def main [n] (xs: [n]i32) : [n][B]i32 =
  let ys = map (\x -> [x, x + 1]) xs
  in ys :> [n][B]i32
