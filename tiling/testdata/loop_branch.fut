-- Sequential accumulation loops in 2-D maps (loop-reduction): LU's
-- trailing update (in branches, f32 multiply-add), a product from 1 with
-- a column read X[q, i] and a free scalar, and two loops it must leave
-- alone: an integer division (which may fail, so it cannot be hoisted
-- out of its branch) and a read at a reversed index (not the loop's).
entry main [n][k][m] (x: [n][k]f32) (y: [k][m]f32) (a: [n][m]f32) (c: i64) : [n][m]f32 =
  tabulate_2d n m (\i j ->
    if i < c || j < c then a[i, j]
    else if i == j then 0
    else a[i, j] - (loop acc = 0f32 for q < k do acc + x[i, q] * y[q, j]))

entry product [n][k][m] (xt: [k][n]i32) (y: [k][m]i32) (s: i32) : [n][m]i32 =
  tabulate_2d n m (\i j -> 2 * (loop acc = 1i32 for q < k do acc * (xt[q, i] + y[q, j] + s)))

entry divides [n][k][m] (x: [n][k]i32) (y: [k][m]i32) (c: i64) : [n][m]i32 =
  tabulate_2d n m (\i j ->
    if i < c then 0 else loop acc = 0i32 for q < k do acc + x[i, q] / y[q, j])

entry shifted [n][k][m] (x: [n][k]f32) (y: [k][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j -> loop acc = 0f32 for q < k do acc + x[i, k - 1 - q] * y[q, j])
