-- The second component of a tuple updates the array the first one is.
entry main (xs: *[]i32) : ([]i32, i32) =
  (xs, let ys = xs with [0] = 5 in ys[1])
