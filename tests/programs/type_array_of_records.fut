-- Arrays of records.
-- ==
-- input { [1, 2, 3] [10, 20, 30] }
-- output { [11, 22, 33] 60 }
def main [n] (xs: [n]i32) (ys: [n]i32) =
  let rs = map2 (\a b -> {a, b}) xs ys
  in (map (\r -> r.a + r.b) rs, reduce (+) 0 (map (.b) rs))
