-- A slice out of bounds in the second dimension.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 4i64 }
-- error: out of bounds
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 }
-- output { [[1, 2], [4, 5]] }
def main (m: [][]i32) (k: i64) = m[:, :k]
