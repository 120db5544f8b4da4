-- An array may not be used after it has been consumed by an update.
-- ==
-- error: (?i)consum
def main (xs: *[]i32) =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
