-- Found by fcc difftest (frontend_if_existential_size_order): an if whose
-- branches have different sizes was internalised with the array bound
-- before its existential size,
--   let {if_9: [ext_8]i8, ext_8: i64} = if c_3 : {[ext_8]i8, i64} ...
-- The sizes now come first, as in Futhark's IR and as loops do:
--   let {ext_5: i64, if_6: [ext_5]i8} = if c_3 : {i64, [ext_5]i8} ...
-- (main is the original program; main1 has the existential if.)
-- ==
-- entry: main
-- input { [1i8, 2i8] true }
-- output { [0i8, 0i8] }
-- input { [1i8, 2i8] false }
-- output { [1i8, 2i8] }

-- ==
-- entry: main1
-- input { [1i8, 2i8] true }
-- output { 3i64 [0i8, 0i8, 0i8] }
-- input { [1i8, 2i8] false }
-- output { 2i64 [1i8, 2i8] }

entry main [n] (xs: [n]i8) (c: bool) =
  (loop acc = xs for i < 1 do (if c then replicate n 0i8 else acc)) :> [n]i8

entry main1 [n] (xs: [n]i8) (c: bool) =
  let ys = if c then replicate 3 0i8 else xs
  in (length ys, ys)
