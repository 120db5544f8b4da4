-- Two components of a tuple that hold the same array alias each other:
-- updating one in place uses up the other.
-- ==
-- error: Using variable "xs", but this was consumed
def main (xs: *[]i32) =
  let p = (xs, xs)
  let (a, b) = p
  let a[0] = 1
  in b[0]
