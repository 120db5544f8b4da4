-- Slicing in several dimensions, and taking a column.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [2, 5, 8] [[4, 5], [7, 8]] [[3, 2, 1], [6, 5, 4], [9, 8, 7]] [8, 9] }
def main (m: [][]i32) = (m[:, 1], m[1:, :2], m[:, ::-1], m[2, 1:])
