-- scatter_2d writes at pairs of indices.
-- ==
-- input { [[0, 0], [0, 0]] [0i64, 1i64, 5i64] [1i64, 0i64, 0i64] [7, 8, 9] }
-- output { [[0, 7], [8, 0]] }
def main [a][b][n] (dest: *[a][b]i32) (is: [n]i64) (js: [n]i64) (vs: [n]i32) =
  scatter_2d dest (zip is js) vs
