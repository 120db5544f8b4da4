-- A static size mismatch: arrays of sizes 3 and 4 zipped.
entry main (xs: [3]i32) (ys: [4]i32) : [3]i32 =
  map2 (+) xs ys
