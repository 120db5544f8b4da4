-- A size read with an index out of bounds: the pre-pass records no
-- error, and the real kernel reports the interpreter's.
-- ==
-- input { [3, 0, 5] [1i64, 2i64, 7i64] }
-- error: Index \[7\] out of bounds
def main (xs: []i32) (js: []i64) : []i64 =
  map (\j -> let a = replicate (i64.i32 xs[j]) 1i64
             let b = scan (+) 0 a
             in i64.sum b) js
