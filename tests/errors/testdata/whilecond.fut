-- A while condition that updates an array bound outside the loop.
entry main (xs: *[]i32) : i32 =
  loop i = 0 while (let ys = xs with [0] = i in ys[1] > i) do i + 1
