-- An entry point taking () reads no input, and the parts of a tuple
-- taken apart by a pattern are updated in place independently.
-- ==
-- input { } output { [5i32, 0i32, 0i32] [0i32, 6i32, 0i32] }

def main () : ([]i32, []i32) =
  let pair = (replicate 3 0i32, replicate 3 0i32)
  let (a, b) = pair
  let a[0] = 5
  let b[1] = 6
  in (a, b)
