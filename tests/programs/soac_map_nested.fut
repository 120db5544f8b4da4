-- Nested maps over a matrix, using the outer element in the inner body.
-- ==
-- input { [[1, 2], [3, 4]] [10, 100] }
-- output { [[11, 12], [103, 104]] }
def main [n][m] (a: [n][m]i32) (off: [n]i32) =
  map2 (\row o -> map (\x -> x + o) row) a off
