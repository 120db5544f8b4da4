-- Integer division and modulo round as Futhark defines them, and
-- arithmetic wraps.
-- ==
-- input { [-7, 7, -7, 7] [2, -2, -2, 2] }
-- output { [-4, -4, 3, 3] [1, -1, -1, 1] [-3, -3, 3, 3] [-1, 1, -1, 1] }
-- input { [-2147483648, 2147483647] [-1, 1] }
-- output { [-2147483648, 2147483647] [0, 0] [-2147483648, 2147483647] [0, 0] }
def main [n] (xs: [n]i32) (ys: [n]i32) =
  (map2 (/) xs ys, map2 (%) xs ys, map2 (//) xs ys, map2 (%%) xs ys)
