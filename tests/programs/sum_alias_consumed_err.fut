-- A sum value holding an array aliases it: consuming the array makes the
-- sum value unusable.
-- ==
-- error: Using variable "xs", but this was consumed

type sum = #foo ([]i32) | #bar ([]i32)

def main (xs: *[]i32) : i32 =
  let v : sum = #foo xs
  let xs[0] = 0
  in match v
     case #foo ys -> ys[0]
     case #bar ys -> ys[1]
