-- Found by fcc difftest: the frontend rejects valid programs. Passing a
-- variable bound to the (unique) result of scatter or reduce_by_index to
-- copy or replicate is treated as consuming it:
--   error: "v" was consumed at 2:50 and cannot be used here
-- The same happens to a lambda parameter bound to rows of a fresh array
-- (main2: "p" is not consumable: it is a parameter that is not unique).
-- copy and replicate consume nothing; Futhark accepts all three entries.
-- ==
-- entry: main
-- input { [1, 2] }
-- output { [1, 2] [1, 2] }

-- ==
-- entry: main1
-- input { [1, 2] }
-- output { [[1, 2], [1, 2]] [1, 2] }

-- ==
-- entry: main2
-- input { [1, 2] }
-- output { [[1, 0], [1, 0]] }

entry main [n] (xs: [n]i32) =
  let v = scatter (copy xs) (iota n) xs in (copy v, v)

entry main1 [n] (xs: [n]i32) =
  let v = reduce_by_index (copy xs) (+) 0 (iota n) (replicate n 0) in (replicate 2 v, v)

entry main2 [n] (xs: [n]i32) =
  map (\p -> reduce_by_index (copy p) (+) 0 [0] [1]) (map (\_ -> replicate n 0i32) xs)
