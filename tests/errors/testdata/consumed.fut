-- Use after consumption.
entry main (xs: *[]i32) : i32 =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
