-- zip5 and unzip5.
-- ==
-- input { [1] [2] [3] [4] [5] }
-- output { [5] [4] [3] [2] [1] }
def main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) (e: [n]i32) =
  let (v, w, x, y, z) = unzip5 (zip5 a b c d e)
  in (z, y, x, w, v)
