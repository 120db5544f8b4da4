-- partition2 splits by two predicates into three parts.
-- ==
-- input { [5, -3, 0, 2, -1, 0, 7] }
-- output { [5, 2, 7] [-3, -1] [0, 0] }
def main (xs: []i32) = partition2 (> 0) (< 0) xs
