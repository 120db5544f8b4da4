-- A sum built from an array aliases it: consuming the array makes the sum
-- unusable.
-- ==
-- error: Using variable "xs", but this was consumed

type sum = #foo ([]i32) | #bar ([]i32)

def main (xs: *[]i32) =
  let v : sum = #foo xs
  let xs[0] = 0
  in v
