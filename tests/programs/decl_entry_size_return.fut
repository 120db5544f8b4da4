-- An entry point whose return type mentions its size parameter.
-- ==
-- input { [1i64, 2i64, 3i64] }
-- output { [1i64, 4i64, 9i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
entry main [n] (xs: [n]i64) : [n]i64 = map (\x -> x * x) xs
