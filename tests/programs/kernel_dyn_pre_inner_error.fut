-- An index out of bounds in an array of an inner map's element size:
-- the pre-pass reports nothing, the real kernel the interpreter's error.
-- ==
-- input { 1i64 [[6i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [12i64, 12i64] }
-- input { 2i64 [[6i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- error: Index \[2\] out of bounds
def main [n][m] (k: i64) (xss: [n][m]i64) : [n]i64 =
  map (\xs ->
         let ys = map (\x -> let z = map (+ 2) (iota x) in z[k]) xs
         in i64.sum ys + ys[m - 1])
      xss
