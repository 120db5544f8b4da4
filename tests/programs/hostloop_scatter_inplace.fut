-- Host loops whose loop-carried array a scatter updates in place
-- (issue 22): the scatter writes into the array the loop carries, with no
-- copy of it per iteration (tests/hostloop_test.go counts the copies).
-- Edge sizes: no iteration, one element, writes past either end (ignored),
-- more writes than elements.
-- ==
-- entry: diag
-- input { 0i64 4i64 3i64 } output { [0, 0, 0, 0] }
-- input { 1i64 1i64 1i64 } output { [0] }
-- input { 5i64 4i64 2i64 } output { [2, 2, 2, 2] }
-- input { 3i64 5i64 9i64 } output { [2, 3, 3, 3, 3] }
-- input { 4i64 0i64 3i64 } output { empty([0]i32) }

-- Each step t reads the old array (a map over it) and scatters p values
-- to t-1 .. t+p-2: the first one below the array, the others up to past
-- its end.
entry diag (k: i64) (m: i64) (p: i64) : []i32 =
  loop a = replicate m 0i32 for t < k do
    let (is, vs) = unzip (tabulate p (\j ->
                     let i = t + j - 1
                     in (i, if i >= 0 && i < m then a[i] + 1 else -1)))
    in scatter a is vs

-- ==
-- entry: prefix
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
-- input { [7] } output { [7] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- A unique parameter consumed by a scatter in each step: the first step
-- writes into the caller's array.
entry prefix [n] (xs: *[n]i32) : [n]i32 =
  loop xs for j < n - 1 do
    let i = j + 1
    in scatter xs [i] [xs[i] + xs[i - 1]]

-- ==
-- entry: transposed
-- input { [[1, 2], [3, 4], [5, 6]] 2i64 } output { [[21, 23, 25], [22, 24, 16]] }
-- input { [[1, 2, 3]] 0i64 } output { [[1], [2], [3]] }

-- The destination is a transposed view (not row-major): the scatter
-- copies it first, as it must.
entry transposed [r][c] (m: *[r][c]i32) (k: i64) : [c][r]i32 =
  loop t = transpose m for s < k do
    let is = tabulate (r * c) (\q -> (q % c, q / c))
    let vs = tabulate (r * c) (\q -> t[q % c, q / c] + 10 + i32.i64 s * 0)
    in scatter_2d t (take (r * c - s) is) (take (r * c - s) vs)

-- ==
-- entry: counts
-- input { 0i64 3i64 [1, 2, 4] } output { [0, 0, 0] }
-- input { 3i64 3i64 [1, 2, 4, 5] } output { [6, 15, 9] }
-- input { 2i64 1i64 [0, 9, 3] } output { [1] }

-- A histogram in a host loop, its bins carried by the loop and updated in
-- place; indices past the bins are ignored.
entry counts [n] (k: i64) (b: i64) (xs: [n]i32) : [b]i32 =
  loop h = replicate b 0i32 for t < k do
    reduce_by_index h (+) 0 (map (\x -> i64.i32 x % (b + 1)) xs) (map (\x -> x % 3 + i32.i64 t) xs)
