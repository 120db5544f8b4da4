-- A size coercion of a matrix checks both dimensions.
-- ==
-- input { [[1, 2], [3, 4]] }
-- output { 10 }
-- input { [[1, 2, 3], [4, 5, 6]] }
-- error: .
def main (m: [][]i32) =
  let s = m :> [2][2]i32
  in s[0, 0] + s[0, 1] + s[1, 0] + s[1, 1]
