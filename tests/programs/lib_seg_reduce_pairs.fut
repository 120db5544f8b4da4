-- segmented_reduce over tuples: the sum and the count of every segment,
-- with an operator on pairs and a tuple as the neutral element.
-- ==
-- input { empty([0]bool) empty([0]i32) }
-- output { empty([0]i32) empty([0]i64) }
-- input { [true] [7] }
-- output { [7] [1i64] }
-- input { [true, false, true, true, false, false, true] [1, 2, 3, 4, 5, 6, 7] }
-- output { [3, 3, 15, 7] [2i64, 1i64, 3i64, 1i64] }
-- input { [false, false, true, false, false, true, false, false, false] [5, -1, 8, 2, 0, 9, -4, 3, 3] }
-- output { [4, 10, 11] [2i64, 3i64, 4i64] }
-- input { [true, true, true, true, true] [10, 20, 30, 40, 50] }
-- output { [10, 20, 30, 40, 50] [1i64, 1i64, 1i64, 1i64, 1i64] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true, false, false, false] [-5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3, 5, -4, -2] }
-- output { [-5, 1, -4, 2] [5i64, 5i64, 5i64, 4i64] }

import "lib/github.com/fcclang/segmented/segmented"

def main [n] (flags: [n]bool) (xs: [n]i32) : ([]i32, []i64) =
  let r = segmented_reduce (\(a, c) (b, d) -> (a + b, c + d)) (0, 0)
                           flags (map (\x -> (x, 1i64)) xs)
  in unzip r
