-- An array loop inside a map whose parameter is annotated with a size
-- bound outside the map keeps that size (checked at run time where the
-- body's size is not provably the same) instead of becoming existential,
-- so the map is regular.
-- ==
-- input { [1, 2] 2i64 }
-- output { [[3, 3], [4, 4]] }

def main [n] (xs: [n]i32) (m: i64) =
  map (\x -> loop (acc: [m]i32) = replicate m x for _i < 2 do (map (+1) (acc ++ acc))[0:m]) xs
