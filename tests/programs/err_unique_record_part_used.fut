-- The record a pattern took apart is used up when one of its fields is
-- consumed.
-- ==
-- error: Using variable "r", but part of it was consumed
def main (xs: *[]i32) (ys: *[]i32) =
  let r = {x = xs, y = ys}
  let {x = a, y = b} = r
  let a[0] = 1
  in a[0] + b[0] + r.y[0]
