-- The `let a[i] = v` sugar also requires a unique array.
-- ==
-- error: (?i)consum|unique
def main (xs: []i32) =
  let xs[0] = 1
  in xs
