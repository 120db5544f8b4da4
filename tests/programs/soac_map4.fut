-- map4.
-- ==
-- input { [1, 2] [3, 4] [5, 6] [7, 8] }
-- output { [16, 20] }
def main [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) =
  map4 (\w x y z -> w + x + y + z) a b c d
