-- zip and unzip are inverses.
-- ==
-- input { [1, 2, 3] [4.0, 5.0, 6.0] }
-- output { [1, 2, 3] [4.0, 5.0, 6.0] }
def main [n] (xs: [n]i32) (ys: [n]f64) = unzip (zip xs ys)
