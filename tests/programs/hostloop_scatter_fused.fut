-- A map producing a scatter's indices and values is fused into the
-- scatter (issue 22): each step of these host loops is one kernel, not a
-- map kernel writing the indices and values and a scatter kernel reading
-- them back (tests/hostloop_test.go counts the launches). Edge sizes: no
-- iteration, no element, writes past either end (ignored), several
-- writes to one element (the same value).
-- ==
-- entry: stripes
-- input { 0i64 4i64 [1, 2, 3] } output { [0, 0, 0, 0] }
-- input { 3i64 5i64 [1, 2] } output { [2, 3, 4, 0, 0] }
-- input { 4i64 3i64 [1, 2, 3, 4] } output { [2, 3, 2] }
-- input { 2i64 0i64 [1, 2, 3] } output { empty([0]i32) }
-- input { 3i64 4i64 empty([0]i32) } output { [0, 0, 0, 0] }
-- compiled random input { 7i64 1000i64 [333]i32 } auto output

-- Step t writes ws plus t to the p elements from t (p - 1) - 1 on; the
-- map computing the indices and values does not read the array the loop
-- carries, so it fuses into the scatter.
entry stripes [p] (k: i64) (m: i64) (ws: [p]i32) : []i32 =
  loop a = replicate m 0i32 for t < k do
    let (is, vs) = unzip (tabulate p (\j -> (t * (p - 1) + j - 1, ws[j] + i32.i64 t)))
    in scatter a is vs

-- ==
-- entry: rotate
-- input { [10, 20, 30, 40] 2i64 } output { [11, 41, 31, 21] }
-- input { [5] 3i64 } output { [7] }
-- input { empty([0]i32) 2i64 } output { empty([0]i32) }
-- compiled random input { [2000]i32 5i64 } auto output

-- Step t writes xs reversed, rotated by t and plus t: the values are a
-- map over xs, the indices a map over iota n, both fused.
entry rotate [n] (xs: [n]i32) (k: i64) : [n]i32 =
  loop a = replicate n 0i32 for t < k do
    scatter a (map (\j -> (n - 1 - j + t) % n) (iota n)) (map (\x -> x + i32.i64 t) xs)
