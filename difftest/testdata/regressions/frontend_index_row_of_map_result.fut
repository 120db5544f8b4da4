-- Found by fcc difftest: the frontend rejects a valid program. A lambda
-- parameter bound to the rows of an array made by another map cannot be
-- indexed: "cannot index a value whose type is not yet known". With
-- (replicate 2 xs) instead of the inner map it works.
-- ==
-- input { [1, 2] }
-- output { [1, 2] }

entry main [n] (xs: [n]i32) = map (\r -> r[0]) (map (\x -> replicate 2 x) xs)
