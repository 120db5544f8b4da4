-- A lambda may not consume a variable bound outside it.
-- ==
-- error: (?i)consum|free|unique
def main (xs: *[]i32) (is: []i64) =
  map (\i -> (xs with [i] = 0)[0]) is
