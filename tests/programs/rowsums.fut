-- Row sums: a reduction inside a map (a segmented reduction).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [6, 15] }
-- input { [[1i32], [2i32], [3i32]] }
-- output { [1, 2, 3] }
def main (m: [][]i32) : []i32 = map (\row -> reduce (+) 0 row) m
