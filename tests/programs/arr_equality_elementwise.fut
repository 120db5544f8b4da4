-- Comparing arrays element-wise with map2 and and.
-- ==
-- input { [1, 2, 3] [1, 2, 3] }
-- output { true }
-- input { [1, 2, 3] [1, 5, 3] }
-- output { false }
def main [n] (xs: [n]i32) (ys: [n]i32) = and (map2 (==) xs ys)
