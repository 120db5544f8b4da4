-- Holes of array and tuple type, in a branch that is not taken, and in one
-- inside a map that is.
-- ==
-- input { [1, 2, 3] } output { [2, 3, 4] 3i64 }
-- input { [1, -2] } error: Reached hole of type: i32

def main (xs: []i32) : ([]i32, i64) =
  let ys = map (\x -> if x > 0 then x + 1 else ???) xs
  let (zs, k) : ([]i32, i64) = if length xs > 100 then ??? else (ys, length ys)
  in (zs, k)
