-- Existential sizes (filter's result, a size-changing loop's result, a
-- function declared to return []t) are used where a known size is
-- needed through a coercion, which is checked at run time.
-- ==
-- entry: positives
-- input { [1, 2, 3] } output { [2, 4, 6] }
-- input { [1, -2, 3] } error: cannot be coerced

-- ==
-- entry: doubled
-- input { [1, 2] 1 } output { [2, 4, 2, 4] }
-- input { [1, 2] 2 } error: cannot be coerced

-- ==
-- entry: evens
-- input { [2, 4, 6] } output { [3, 5, 7] }
-- input { [2, 3] } error: cannot be coerced

def keep_even (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs

entry positives [n] (xs: [n]i32) : [n]i32 =
  map2 (+) xs (filter (> 0) xs :> [n]i32)

entry doubled [n] (xs: [n]i32) (k: i32) : [n + n]i32 =
  let ys = loop ys = xs for _i < k do ys ++ ys
  in map2 (+) (ys :> [n + n]i32) (xs ++ xs)

entry evens [n] (xs: [n]i32) : [n]i32 =
  map (+ 1) (keep_even xs :> [n]i32)
