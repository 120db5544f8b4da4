-- An argument for a unique parameter may not be an array the function's
-- closure holds on to.
-- ==
-- error: aliases the function being applied

def main (xs: *[]i32) : i32 =
  let f = \(ys: *[]i32) : i32 -> let ys[0] = 1 in ys[1] + xs[0]
  in f xs
