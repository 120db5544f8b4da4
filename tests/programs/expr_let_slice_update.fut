-- The sugar `let a[i:j] = vs` updates a slice.
-- ==
-- input { [1, 2, 3, 4, 5] 1i64 }
-- output { [1, 0, 0, 4, 5] }
def main (xs: *[]i32) (i: i64) =
  let xs[i:i + 2] = [0, 0]
  in xs
