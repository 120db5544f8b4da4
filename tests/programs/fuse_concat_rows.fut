-- A concatenation of rows stays stored: a row chosen by a branch would be
-- an array inside a kernel (a negative case of rewrite's fuse-concat).
-- ==
-- input { [[1i32, 2i32]] [[3i32, 4i32], [5i32, 6i32]] }
-- output { [3i32, 7i32, 11i32] }
-- structure gpu { Concat 1 }

def main [n][m][k] (xs: [n][k]i32) (ys: [m][k]i32) : []i32 =
  map i32.sum (xs ++ ys)
