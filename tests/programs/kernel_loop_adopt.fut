-- Loops in kernels whose array state starts in the buffer of its initial
-- value instead of a copy, when nothing else uses that value again: a
-- forward sweep from an updated replicate (as in tridiagonal solvers), and
-- cases where the initial value is still needed and must be copied.
-- ==
-- entry: sweep
-- input { [[1f32, 2f32, 3f32, 4f32], [0.5f32, -1f32, 2f32, 8f32]] }
-- output { [[1f32, 3f32, 6f32, 10f32], [0.5f32, -0.5f32, 1.5f32, 9.5f32]] }
-- compiled random input { [257][33]f32 } auto output

-- ==
-- entry: kept
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 0i32, 0i32], [4i32, 0i32, 0i32]] [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] }
-- compiled random input { [100][17]i32 } auto output

-- ==
-- entry: nested
-- input { 3i32 [[1i64, 2i64], [3i64, 4i64]] }
-- auto output
-- compiled random input { 4i32 [64][9]i64 } auto output

entry sweep [m][n] (xs: [m][n]f32) : [m][n]f32 =
  map (\x ->
         let p = replicate n 0f32
         let p[0] = x[0]
         in loop p for i in 1..<n do
              let p[i] = p[i - 1] + x[i]
              in p)
      xs

-- The initial value is returned too: the loop must work on a copy.
entry kept [m][n] (xs: [m][n]i32) : ([m][n]i32, [m][n]i32) =
  unzip (map (\x ->
                let p = replicate n 0i32
                let p[0] = x[0]
                let q = loop q = copy p for i in 1..<n do
                          let q[i] = q[i - 1] + x[i]
                          in q
                in (p, q))
             xs)

-- The inner loop's initial value is made anew in every outer iteration.
entry nested [m][n] (k: i32) (xs: [m][n]i64) : [m][n]i64 =
  map (\x ->
         loop acc = copy x for t < k do
           let p = map (+ i64.i32 t) acc
           let p[0] = p[0] * 2
           in loop p for i in 1..<n do
                let p[i] = p[i] + p[i - 1] % 7
                in p)
      xs
