-- Consuming an array makes its aliases unusable too.
-- ==
-- error: (?i)consum|alias
def main (xs: *[]i32) =
  let ys = xs
  let zs = xs with [0] = 1
  in ys[0] + zs[0]
