-- Where the branches of an if swap the arrays, each component may be
-- either: updating one in place uses up the other.
-- ==
-- error: but this was consumed
def main (c: bool) (xs: *[]i32) (ys: *[]i32) =
  let (a, b) = if c then (xs, ys) else (ys, xs)
  let a[0] = 1
  in a[0] + b[0]
