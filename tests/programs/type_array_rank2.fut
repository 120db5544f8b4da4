-- Two-dimensional arrays.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { [[2, 4], [6, 8], [10, 12]] [3, 7, 11] }
-- input { empty([0][2]i32) }
-- output { empty([0][2]i32) empty([0]i32) }
def main (m: [][]i32) = (map (map (*2)) m, map (reduce (+) 0) m)
