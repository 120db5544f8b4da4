-- Transposing twice is the identity; map over a transposed matrix
-- gives column sums.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 2, 3], [4, 5, 6]] [5, 7, 9] }
def main (m: [][]i32) = (transpose (transpose m), map (reduce (+) 0) (transpose m))
