-- The sugar `let a[i] = v` updates a unique array.
-- ==
-- input { [1, 2, 3] 1i64 }
-- output { [1, 100, 3] }
-- input { [1, 2, 3] 3i64 }
-- error: out of bounds
def main (xs: *[]i32) (i: i64) =
  let xs[i] = 100
  in xs
