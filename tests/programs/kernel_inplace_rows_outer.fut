-- kernel_inplace_rows.fut's programs with the loop inside one kernel
-- (the tuning file sets the outer versions' thresholds to 1): each
-- work-item's array lives in scratch memory, the loop adopts its initial
-- value's buffer and updates it in place, with no spare buffer.
-- ==
-- entry: rows
-- input { 3i64 5i64 } auto output
-- input { 0i64 4i64 } auto output
-- input { 7i64 1i64 } auto output
-- compiled input { 333i64 17i64 } auto output

-- ==
-- entry: slices
-- input { 3i64 4i64 } auto output
-- input { 2i64 1i64 } auto output
-- compiled input { 257i64 9i64 } auto output

-- ==
-- entry: blocks
-- input { 2i64 3i64 2i64 } auto output
-- compiled input { 65i64 5i64 3i64 } auto output

-- ==
-- entry: reread
-- input { 3i64 4i64 } auto output
-- input { 1i64 1i64 } auto output
-- compiled input { 100i64 7i64 } auto output

-- ==
-- entry: neighbour
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] } auto output
-- input { [[7i32]] } auto output
-- compiled random input { [129][6]i32 } auto output

-- Issue 22's program, its block size a parameter.
entry rows (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let row = map (\j -> a[i, j] + i32.i64 j) (iota m)
               let a[i] = row
               in a) (iota n)

-- An update of part of a row (a slice).
entry slices (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let r = map (\j -> a[i, j] * 2 + i32.i64 j) (iota (m - 1))
               let a[i, 1:] = r
               in a) (iota n)

-- Nested arrays: each point holds k matrices and replaces one per step.
entry blocks (n: i64) (k: i64) (m: i64) : [n][k][m][m]i64 =
  map (\b -> loop a = replicate k (replicate m (replicate m b)) for i < k do
               let blk = map (\r -> map (\x -> x + r + i) (a[i, r])) (iota m)
               let a[i] = blk
               in a) (iota n)

-- The carried array is read after its update, in the same step.
entry reread (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let row = map (\j -> a[i, j] + i32.i64 (i * j)) (iota m)
               let a[i] = row
               let s = a[i, m - 1] + a[(i + 1) % m, 0]
               let a[(i + 1) % m, 0] = s
               in a) (iota n)

-- Each step reads the previous row of the point's own array and the
-- next point's row of an input.
entry neighbour [n][m] (ys: [n][m]i32) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (copy ys[b]) for i < m do
               let a[i] = map2 (+) a[(i + m - 1) % m] ys[(b + 1) % n]
               in a) (iota n)
