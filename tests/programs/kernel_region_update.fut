-- Region updates in place (inplace/region.go): each step of a loop
-- recomputes the trailing part a[k:, k:] of its matrix and returns the
-- rest unchanged, so the kernel writes the loop's own matrix over the
-- region only (the tiled kernel for the product, the plain one for the
-- rest, and both for small matrices). Edge sizes: no step, a first step
-- of the whole matrix (k = 0), steps past either side (k >= n, k >= m:
-- empty regions), non-square matrices, sizes that are not multiples of
-- the tiles.
-- ==
-- entry: steps
-- input { 0i64 [[1f32, 2f32], [3f32, 4f32]] } auto output
-- input { 1i64 [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } auto output
-- input { 4i64 [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } auto output
-- input { 3i64 [[1f32], [2f32], [3f32], [4f32]] } auto output
-- compiled random input { 9i64 [37][21]f32 } auto output
-- compiled random input { 40i64 [33][33]f32 } auto output

-- ==
-- entry: product
-- input { 2i64 [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [[1f32, 0f32, 2f32, 1f32], [0f32, 1f32, 1f32, 3f32]] } auto output
-- compiled random input { 0i64 [40][8]f32 [8][72]f32 } auto output
-- compiled random input { 7i64 [130][8]f32 [8][67]f32 } auto output
-- compiled random input { 70i64 [67][16]f32 [16][130]f32 } auto output

-- A step halves the trailing part and adds each element's index.
entry steps [n][m] (s: i64) (a: [n][m]f32) : [n][m]f32 =
  loop a = copy a for k < s do
    tabulate_2d n m (\i j ->
      if i < k || j < k then a[i, j]
      else a[i, j] * 0.5 + f32.i64 (i * m + j))

-- A step subtracts the product of the panels from the trailing part, as
-- LU's trailing update does (the product tiled).
entry product [n][m][b] (s: i64) (l: [n][b]f32) (u: [b][m]f32) : [n][m]f32 =
  let a = tabulate_2d n m (\i j -> f32.i64 (i + 2 * j))
  in loop a for k < s do
       tabulate_2d n m (\i j ->
         if i < k || j < k then a[i, j]
         else a[i, j] - (loop acc = 0f32 for q < b do acc + l[i, q] * u[q, j]) / f32.i64 (k + 1))
