-- for-in over the rows of a matrix.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] }
-- output { 62 }
def main (m: [][]i32) =
  loop acc = 0 for row in m do acc * 2 + row[0] * row[1]
