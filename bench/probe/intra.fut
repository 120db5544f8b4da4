-- The intra-group versions (flatten/intra.go) at GPU sizes, timed by
-- intra.sh in each version the thresholds can choose: outer (a work-item
-- per row or block), intra (a work-group per row or block, its arrays in
-- local memory) and flat (the inner parallelism flattened into kernels of
-- their own, a host loop of them). The outer parallelism is below the
-- default threshold (32768), so the defaults take intra where it fits.
-- ==
-- entry: rowloop
-- random input { [4096][256]f32 }
-- random input { [1024][1024]f32 }

-- ==
-- entry: prefix
-- random input { [4096][512]i32 }

-- ==
-- entry: lu
-- input { 8192i64 32i64 }
-- input { 8192i64 16i64 }

-- ==
-- entry: nw
-- random input { 10i32 [8192][17][17]i32 }

-- A loop over each row of a sum and a map (/tmp/ig.fut of issue 22).
entry rowloop [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\xs -> loop xs for i < 8 do
                let s = f32.sum xs
                in map (\x -> x - s / f32.i64 m + f32.i64 i) xs) xss

-- Prefix sums of each row, four times over.
entry prefix [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\xs -> loop xs for i < 4 do
                let ys = scan (+) 0 xs
                in map2 (\y x -> (y ^ x) % 1000 + i32.i64 i) ys xs) xss

-- An LU factorisation of a diagonally dominant b x b block per element.
entry lu (n: i64) (b: i64) : [n][b][b]f32 =
  map (\p -> loop blk = tabulate_2d b b (\i j ->
                          f32.i64 ((p * 7 + i * 3 + j * 5) % 11) / 11
                          + if i == j then f32.i64 b else 0)
             for k < b do
               let piv = blk[k, k]
               in tabulate_2d b b (\i j ->
                    let x = blk[i, j]
                    in if i <= k || j < k then x
                       else if j == k then x / piv
                       else x - blk[i, k] / piv * blk[k, j])) (iota n)

-- A Needleman-Wunsch block per element, filled by anti-diagonals.
entry nw [n][m] (pen: i32) (blks: [n][m][m]i32) : [n][m][m]i32 =
  let b = m - 1
  in map (\blk0 ->
       loop blk = copy blk0 for d < 2 * b - 1 do
         let cells = map (\k -> let j = d - k + 1
                                in if j >= 1 && j <= b then (k + 1, j) else (-1, -1)) (iota b)
         let vs = map (\(i, j) ->
                         if i < 0 then 0
                         else i32.max (blk[i - 1, j - 1] + blk[i, j] % 10)
                                      (i32.max (blk[i - 1, j] - pen) (blk[i, j - 1] - pen))) cells
         let (is, js) = unzip cells
         in scatter_2d blk (zip is js) vs) blks
