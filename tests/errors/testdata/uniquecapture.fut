-- A lambda declared to return a unique array returns one it captures.
entry main (x: *[]i32) : i32 =
  let f = \(_: i32) : *[]i32 -> x
  let r = f 0
  let r[0] = 10
  in x[0]
