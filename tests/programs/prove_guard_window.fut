-- A b x b window of an n x n matrix at (k, k), read as LU's trailing
-- update reads its diagonal block: d[i - k, j - k] past `i < k || j < k`
-- and inside `i < k + b && j < k + b`, which keep i - k and j - k in
-- [0, b), so the prove pass leaves their checks out. A guard off by one
-- (`i <= k + b`) lets i - k reach b, which must still fail at run time.
-- ==
-- entry: window
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] [[10, 20], [30, 40]] 1i64 }
-- output { [[1, 2, 3], [4, 10, 20], [7, 30, 40]] }
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] [[10]] 1i64 }
-- output { [[1, 2, 3], [4, 10, 6], [7, 8, 9]] }
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] [[10]] 0i64 }
-- output { [[10, 2, 3], [4, 5, 6], [7, 8, 9]] }

entry window [n][b] (a: [n][n]i32) (d: [b][b]i32) (k: i64) : [n][n]i32 =
  tabulate_2d n n (\i j ->
    if i < k || j < k then a[i, j]
    else if i < k + b && j < k + b then d[i - k, j - k]
    else a[i, j])

-- ==
-- entry: window_off_by_one
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] [[10]] 0i64 }
-- error: out of bounds

entry window_off_by_one [n][b] (a: [n][n]i32) (d: [b][b]i32) (k: i64) : [n][n]i32 =
  tabulate_2d n n (\i j ->
    if i < k || j < k then a[i, j]
    else if i <= k + b && j < k + b then d[i - k, j - k]
    else a[i, j])
