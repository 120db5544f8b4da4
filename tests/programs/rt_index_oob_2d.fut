-- Out-of-bounds indexing in the inner dimension of a matrix.
-- ==
-- input { [[1, 2], [3, 4]] 1i64 2i64 }
-- error: out of bounds
-- input { [[1, 2], [3, 4]] 1i64 1i64 }
-- output { 4 }
def main (m: [][]i32) (i: i64) (j: i64) = m[i, j]
