-- flatten combines the two outer dimensions.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [1, 2, 3, 4, 5, 6] }
def main (m: [][]i32) = flatten m
