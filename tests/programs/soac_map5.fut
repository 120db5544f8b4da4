-- map5.
-- ==
-- input { [1, 2] [3, 4] [5, 6] [7, 8] [9, 10] }
-- output { [-6, -5] }
def main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) (e: [n]i32) =
  map5 (\v w x y z -> v + w - x + y - z - 3) a b c d e
