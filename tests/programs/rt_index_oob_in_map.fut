-- An out-of-bounds index inside a map body fails the whole program.
-- ==
-- input { [1, 2, 3] [0i64, 2i64, 1i64] }
-- output { [1, 3, 2] }
-- input { [1, 2, 3] [0i64, 3i64, 1i64] }
-- error: out of bounds
def main (xs: []i32) (is: []i64) = map (\i -> xs[i]) is
