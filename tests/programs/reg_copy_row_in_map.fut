-- Found by fcc difftest (frontend_copy_consumes_unique, main2): a lambda
-- parameter bound to rows of a fresh array was reported as "p" is not
-- consumable when copied into reduce_by_index: the lambda was checked
-- before the inner map, so p's type was a variable that the unique
-- destination type of reduce_by_index made unique through copy.
-- ==
-- input { [1, 2] }
-- output { [[1, 0], [1, 0]] }

entry main [n] (xs: [n]i32) =
  map (\p -> reduce_by_index (copy p) (+) 0 [0] [1]) (map (\_ -> replicate n 0i32) xs)
