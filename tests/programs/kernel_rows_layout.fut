-- Per-point array results of a map whose body is sequential: the kernel
-- writes them with the point index innermost (coalesced), and consumers
-- see them through a view of the usual shape. The consumers here read
-- them by rows, by columns, reduce them, and take them apart again.
-- ==
-- entry: prefix_rows
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] [6i32, 15i32] [[1i32, 4i32], [3i32, 9i32], [6i32, 15i32]] }
-- compiled random input { [300][37]i32 } auto output

-- ==
-- entry: grid
-- input { 2i64 3i64 4i64 }
-- auto output
-- compiled input { 19i64 23i64 5i64 } auto output

-- ==
-- entry: blocks
-- input { [1f32, 2f32, 3f32] }
-- auto output
-- compiled random input { [513]f32 } auto output

-- ==
-- entry: pair
-- input { [[1i64, -2i64], [3i64, 4i64], [0i64, 0i64]] }
-- output { [3i64, 7i64, 0i64] [[1i64, 2i64], [3i64, 4i64], [0i64, 0i64]] 10i64 }
-- compiled random input { [1000][8]i64 } auto output

def prefix [n] (x: [n]i32) : [n]i32 =
  let p = replicate n 0i32
  let p[0] = x[0]
  in loop p for i in 1..<n do
       let p[i] = p[i - 1] + x[i]
       in p

-- Rows, then their sums, then the columns.
entry prefix_rows [m][n] (xs: [m][n]i32) : ([m][n]i32, [m]i32, [n][m]i32) =
  let ps = map prefix xs
  in (ps, map (\p -> p[n - 1]) ps, transpose ps)

-- A two-dimensional space of points, each with a row of k elements.
entry grid (h: i64) (w: i64) (k: i64) : [h][w][k]i64 =
  tabulate_2d h w (\i j ->
                     loop r = replicate k 0i64 for t < k do
                       let r[t] = i * 1000 + j * 10 + t * (if t > 0 then r[t - 1] % 7 else 1)
                       in r)

-- Each point produces a 2-by-2 block.
entry blocks [n] (xs: [n]f32) : [n][2][2]f32 =
  map (\x ->
         loop b = [[x, 0], [0, x]] for i < 3 do
           let b[i % 2, (i + 1) % 2] = b[i % 2, i % 2] + f32.i64 i
           in b)
      xs

-- A scalar and an array result from the same body, and a reduction over
-- both afterwards.
entry pair [m][n] (xs: [m][n]i64) : ([m]i64, [m][n]i64, i64) =
  let (s, r) =
    unzip (map (\x ->
                  let a = loop a = copy x for i < n do
                            let a[i] = i64.abs a[i]
                            in a
                  in (i64.sum a, a))
               xs)
  in (s, r, i64.sum s)
