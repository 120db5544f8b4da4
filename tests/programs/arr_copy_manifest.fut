-- copy and manifest return equal arrays that can be updated.
-- ==
-- input { [[1, 2], [3, 4]] }
-- output { [[1, 3], [2, 4]] [[0, 2], [3, 4]] }
def main (m: [][]i32) =
  let a = manifest (transpose m)
  let b = copy m with [0, 0] = 0
  in (a, b)
