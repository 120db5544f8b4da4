-- Arrays of tuples, built with zip and taken apart with unzip.
-- ==
-- input { [1, 2, 3] [1.5, 2.5, 3.5] }
-- output { [2, 3, 4] [3.0, 5.0, 7.0] }
def main [n] (xs: [n]i32) (ys: [n]f64) =
  let ps = zip xs ys
  let qs = map (\(a, b) -> (a + 1, b * 2)) ps
  in unzip qs
