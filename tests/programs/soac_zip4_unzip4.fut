-- zip4 and unzip4.
-- ==
-- input { [1, 2] [3, 4] [5, 6] [7, 8] }
-- output { [7, 8] [5, 6] [3, 4] [1, 2] }
def main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) =
  let (w, x, y, z) = unzip4 (zip4 a b c d)
  in (z, y, x, w)
