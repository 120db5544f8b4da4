-- Kernels whose work-items walk along rows read column-major copies of
-- the matrices (flatten: coalescing), hoisted out of host loops when the
-- matrix is invariant; a reduce_by_index of rows with a vectorised
-- operator becomes a scalar histogram over the elements (flatten:
-- flatHist). Sizes include 0 and 1.
-- ==
-- entry: sweeps
-- input { 2i32 [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] [[1i32, 0i32, 2i32], [3i32, 1i32, 1i32]] }
-- output { [[3i32, 9i32, 21i32], [11i32, 29i32, 55i32]] }
-- input { 3i32 empty([0][4]i32) empty([0][4]i32) }
-- output { empty([0][4]i32) }
-- input { 1i32 [[7i32]] [[2i32]] }
-- output { [[9i32]] }
-- input { 2i32 [[1i32], [2i32], [3i32]] [[0i32], [1i32], [2i32]] }
-- output { [[2i32], [5i32], [8i32]] }
-- input { 0i32 [[1i32, 2i32]] [[5i32, 6i32]] }
-- output { [[5i32, 6i32]] }

-- ==
-- entry: neighbours
-- input { [1f32, 2f32, 4f32] [[1i32, 2i32], [0i32, 0i32], [5i32, 1i32]] }
-- output { [6f32, 4f32, 6f32] }
-- input { [3f32] [[0i32, 0i32, 0i32]] }
-- output { [9f32] }
-- input { [1f32, 2f32] empty([2][0]i32) }
-- output { [0f32, 0f32] }

-- ==
-- entry: sums
-- input { 3i64 [0i64, 2i64, 0i64, 7i64, -1i64] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32], [7f32, 8f32], [9f32, 10f32]] }
-- output { [[6f32, 8f32], [0f32, 0f32], [3f32, 4f32]] }
-- input { 2i64 [1i64] [[1f32, 2f32, 3f32]] }
-- output { [[0f32, 0f32, 0f32], [1f32, 2f32, 3f32]] }
-- input { 0i64 [0i64, 1i64] [[1f32], [2f32]] }
-- output { empty([0][1]f32) }
-- input { 2i64 [0i64, 1i64] empty([2][0]f32) }
-- output { empty([2][0]f32) }

-- A prefix sum along each row, then each row's elements weighted by a
-- loop-invariant matrix, repeated: the invariant matrix is transposed
-- once, the loop-variant one in every step.
entry sweeps [m][n] (steps: i32) (a: [m][n]i32) (y: [m][n]i32) : [m][n]i32 =
  loop y for _t < steps do
    map2 (\ar yr ->
            let (_, out) =
              loop (acc, out) = (0i32, replicate n 0i32) for i < n do
                let acc = acc + ar[i] + yr[i]
                in (acc, out with [i] = acc)
            in out)
         a y

-- Each work-item walks its row of a neighbour list (as in md).
entry neighbours [n][m] (xs: [n]f32) (neigh: [n][m]i32) : [n]f32 =
  map2 (\x js -> loop s = 0f32 for j in js do
                   let k = i64.i32 j % n
                   in if k == 0 then s + x else s + xs[k])
       xs neigh

-- Per-bin sums of rows (k-means' centre update).
entry sums [n][d] (k: i64) (is: [n]i64) (ps: [n][d]f32) : [k][d]f32 =
  reduce_by_index (replicate k (replicate d 0f32)) (map2 (+)) (replicate d 0f32) is ps
