-- Indexing a three-dimensional array fully and partially.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1i64 0i64 1i64 }
-- output { 6 [5, 6] }
def main (a: [][][]i32) (i: i64) (j: i64) (k: i64) = (a[i, j, k], a[i, j])
