-- reduce_by_index with max, into an array with initial values.
-- ==
-- input { [10, 0, 5] [0i64, 1i64, 2i64, 1i64, 0i64] [3, 8, 9, 2, 12] }
-- output { [12, 8, 9] }
def main [m][n] (dest: *[m]i32) (is: [n]i64) (vs: [n]i32) =
  reduce_by_index dest i32.max i32.lowest is vs
