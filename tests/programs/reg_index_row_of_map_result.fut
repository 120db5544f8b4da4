-- Found by fcc difftest (frontend_index_row_of_map_result): a lambda
-- parameter bound to the rows of an array made by another map could not
-- be indexed ("cannot index a value whose type is not yet known"): the
-- argument map (\x -> ...) xs contains a lambda, so it was checked after
-- the function argument. Applications are now checked before lambdas.
-- ==
-- input { [1, 2] }
-- output { [1, 2] }

entry main [n] (xs: [n]i32) = map (\r -> r[0]) (map (\x -> replicate 2 x) xs)
