-- A size bound by a let that no type in the pattern uses.
entry main (xs: []i32) : i64 =
  let [n] ys = filter (> 0) xs
  in n + length ys
