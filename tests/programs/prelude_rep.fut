-- rep x: an array of x whose size the context gives (an ascription, the
-- other array of a map2, an implicit size of a parameter).
-- ==
-- input { 2i64 [1, 2, 3] }
-- output { [3, 3] [11, 12, 13] [[1.5f32, 1.5f32], [1.5f32, 1.5f32]] [3, 6, 9] [1, 2, 3] }

def addten (xs: []i32) = map2 (+) xs (rep 10)

def main [m] (n: i64) (xs: [m]i32) =
  let a : [n]i32 = rep 3
  let c : [2][n]f32 = rep (rep 1.5)
  let d = map (\x -> let r : [3]i32 = rep x in i32.sum r) xs
  let e = map2 (-) (addten xs) (rep 10)
  in (a, addten xs, c, d, e)
