-- The sugar `let a[i, j] = v` on a matrix.
-- ==
-- input { [[1, 2], [3, 4]] }
-- output { [[1, 2], [3, 40]] }
def main (m: *[][]i32) =
  let m[1, 1] = 40
  in m
