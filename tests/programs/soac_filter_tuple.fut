-- filter on an array of tuples.
-- ==
-- input { [1, 2, 3, 4] [true, false, false, true] }
-- output { [1, 4] }
def main [n] (xs: [n]i32) (keep: [n]bool) =
  map (\(x, _) -> x) (filter (\(_, k) -> k) (zip xs keep))
