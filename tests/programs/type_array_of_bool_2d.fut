-- Two-dimensional boolean arrays.
-- ==
-- input { [[true, false], [true, true]] }
-- output { [false, true] [true, false] }
def main (m: [][]bool) =
  (map (\r -> reduce (&&) true r) m, map (\(r: []bool) -> r[1] == false) m)
