-- In-place update of an element and of a whole row of a matrix.
-- ==
-- input { [[1, 2], [3, 4]] [7, 8] }
-- output { [[7, 8], [3, 0]] }
def main [n][k] (m: *[n][k]i32) (row: [k]i32) =
  let m = m with [1, 1] = 0
  in m with [0] = row
