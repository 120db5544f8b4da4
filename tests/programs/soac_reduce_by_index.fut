-- reduce_by_index: a histogram with addition; out-of-bounds indices
-- are ignored.
-- ==
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, 7i64, -1i64, 3i64] [1, 2, 3, 4, 5, 6, 7] }
-- output { [1, 5, 0, 11] }
-- input { 2i64 empty([0]i64) empty([0]i32) }
-- output { [0, 0] }
def main [n] (k: i64) (is: [n]i64) (vs: [n]i32) =
  reduce_by_index (replicate k 0) (+) 0 is vs
