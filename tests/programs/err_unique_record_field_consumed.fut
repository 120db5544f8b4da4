-- A field taken out of a record literal aliases the array it was given:
-- after an in-place update of the field, that array is gone.
-- ==
-- error: Using variable "xs", but this was consumed
def main (xs: *[]i32) (ys: *[]i32) =
  let {x = a, y = b} = {x = xs, y = ys}
  let a[0] = 1
  in a[0] + b[0] + xs[0]
