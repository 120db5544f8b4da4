-- A block per map element, as blocked Needleman-Wunsch builds it: a
-- tabulate of scalars and a tabulate_2d over the same rows (fused into
-- one map whose lambda makes a scalar and a row), then a loop over the
-- block kept flat, reshaped at the end. The intra-group version runs the
-- fused map as a 1-D and a 2-D Seg-op, and the reshape of the loop's
-- result is a view of its local buffer. Block sides of 1, 5 and 17, and
-- 40, whose 1600 points are past the interpreter's group limit (the
-- fallback); the tuning file takes the intra-group versions wherever
-- they fit.
-- ==
-- input { 3i32 [[1i32]] } auto output
-- random input { 2i32 [3][5]i32 } auto output
-- compiled random input { -1i32 [7][17]i32 } auto output
-- random input { 4i32 [2][40]i32 } auto output

def main [n][m] (k: i32) (xss: [n][m]i32) : [n][m][m]i32 =
  map (\xs ->
         let col = tabulate m (\i -> xs[i] * 2 + k)
         let grid = tabulate_2d m m (\i j -> if i < j then xs[i] - xs[j] else xs[j] + k)
         let mm = m * m
         let flat = loop a = replicate mm 0i32 for d < 3 do
                      tabulate mm (\q -> a[(q + 1) % mm] + grid[q / m, q % m] * col[q % m] + i32.i64 d)
         in unflatten (flat :> [m * m]i32)) xss
