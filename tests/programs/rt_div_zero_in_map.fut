-- Division by zero inside a map body.
-- ==
-- input { [6, 8, 10] [3, 2, 5] }
-- output { [2, 4, 2] }
-- input { [6, 8, 10] [3, 0, 5] }
-- error: (?i)division by zero
def main [n] (xs: [n]i32) (ys: [n]i32) = map2 (/) xs ys
