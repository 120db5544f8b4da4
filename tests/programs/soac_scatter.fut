-- scatter writes values at indices; out-of-bounds indices are ignored.
-- ==
-- input { [0, 0, 0, 0, 0] [1i64, 3i64, -1i64, 9i64] [10, 30, 99, 99] }
-- output { [0, 10, 0, 30, 0] }
-- input { [1, 2] empty([0]i64) empty([0]i32) }
-- output { [1, 2] }
def main [m][n] (dest: *[m]i32) (is: [n]i64) (vs: [n]i32) = scatter dest is vs
