-- Found by fcc difftest (frontend_copy_consumes_unique): passing a
-- variable bound to the (unique) result of scatter or reduce_by_index to
-- copy or replicate was treated as consuming it ("v" was consumed ...):
-- copy : a -> a took the uniqueness of its argument's type as that of its
-- parameter. Which parameters are unique is now decided from the
-- function's type before unification. copy and replicate consume nothing;
-- Futhark accepts these. (reg_copy_row_in_map.fut has the lambda case.)
-- ==
-- entry: main
-- input { [1, 2] }
-- output { [1, 2] [1, 2] }

-- ==
-- entry: main1
-- input { [1, 2] }
-- output { [[1, 2], [1, 2]] [1, 2] }

-- ==
-- entry: main3
-- input { [1, 2] }
-- output { [1, 2] [1, 2] }

entry main [n] (xs: [n]i32) =
  let v = scatter (copy xs) (iota n) xs in (copy v, v)

entry main1 [n] (xs: [n]i32) =
  let v = reduce_by_index (copy xs) (+) 0 (iota n) (replicate n 0) in (replicate 2 v, v)

entry main3 [n] (xs: [n]i32) =
  let v = scatter (copy xs) (iota n) xs in (v |> copy, v)
