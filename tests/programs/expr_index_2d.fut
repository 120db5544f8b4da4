-- Indexing with several indices and repeated indexing.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 2i64 }
-- output { 6 6 [4, 5, 6] }
-- input { [[1, 2, 3], [4, 5, 6]] 0i64 0i64 }
-- output { 1 1 [1, 2, 3] }
def main (m: [][]i32) (i: i64) (j: i64) = (m[i, j], m[i][j], m[i])
