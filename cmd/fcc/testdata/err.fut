-- ==
-- entry: get
-- input { [1, 2, 3] 5i64 } error: out of bounds
-- input { [1, 2, 3] 1i64 } error: no such message
-- input { [1, 2, 3] 1i64 } output { [2, 4, 6] 2 }
entry get (xs: []i32) (i: i64) = (map (*2) xs, xs[i])
