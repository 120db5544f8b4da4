-- Host loops that read one element per step for the next kernel (LU's
-- pivot, issue 22): the kernels read the element themselves, with no
-- round trip to the host per step (tests/hostloop_test.go counts the
-- reads), and an index out of bounds fails as the read would, first or
-- second index.
-- ==
-- entry: diag
-- input { 2i64 [[2f32, 4f32], [6f32, 8f32]] } output { [[0.25f32, 0.5f32], [0.75f32, 1f32]] }
-- input { 0i64 [[3f32]] } output { [[3f32]] }
-- input { 3i64 [[1f32, 2f32], [3f32, 4f32]] } error: Index \[2\] out of bounds for array of shape \[2\]\[2\]
-- input { 0i64 empty([0][0]f32) } output { empty([0][0]f32) }

-- Each step divides the matrix by its next diagonal element.
entry diag [n] (k: i64) (m: [n][n]f32) : [n][n]f32 =
  loop m for s < k do
    let p = m[s, s]
    in map (\row -> map (\x -> x / p) row) m

-- ==
-- entry: row
-- input { 2i64 [[2f32, 4f32, 1f32], [1f32, 1f32, 1f32]] } output { [[2.375f32, 4.375f32, 1.375f32], [1.375f32, 1.375f32, 1.375f32]] }
-- input { 4i64 [[2f32, 4f32, 1f32], [1f32, 1f32, 1f32]] } error: Index \[0, 3\] out of bounds for array of shape \[2\]\[3\]

-- Each step subtracts an element of the first row from every element
-- and adds one.
entry row [r][c] (k: i64) (m: [r][c]f32) : [r][c]f32 =
  loop m for s < k do
    let p = m[0, s]
    in map (\xs -> map (\x -> x - p / 4 + 1) xs) m
