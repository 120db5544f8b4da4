-- zip3 and unzip3.
-- ==
-- input { [1, 2] [true, false] [1.5, 2.5] }
-- output { [1.5, 2.5] [1, 2] [true, false] }
def main [n] (a: [n]i32) (b: [n]bool) (c: [n]f64) =
  let (x, y, z) = unzip3 (zip3 a b c)
  in (z, x, y)
