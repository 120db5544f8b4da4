-- Slices have Futhark's size expressions: a[i:] of an [m] array is
-- [m - i] and a[:i] is [i]. A map whose function returns such a slice is
-- regular, since i is bound outside the function (Futhark's
-- flattening/concat-d1 does the same).
-- ==
-- input { 1i64 [[1,2,3],[4,5,6]] }
-- output { [[2,3,1],[5,6,4]] }
-- input { 0i64 [[1,2,3],[4,5,6]] }
-- output { [[1,2,3],[4,5,6]] }
-- input { 3i64 [[1,2,3]] }
-- output { [[1,2,3]] }
-- input { 2i64 empty([0][4]i32) }
-- output { empty([0][4]i32) }

def main [n] [m] (i: i64) (xss: [n][m]i32) : [n][m]i32 =
  let tails = map (\row -> row[i:]) xss
  let heads = map (\row -> row[:i]) xss
  in map2 (\t h -> t ++ h :> [m]i32) tails heads
