-- transpose of a non-square matrix.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 4], [2, 5], [3, 6]] }
-- input { empty([0][3]i32) }
-- output { empty([3][0]i32) }
def main (m: [][]i32) = transpose m
