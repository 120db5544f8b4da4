-- A while loop with an array in its state.
-- ==
-- input { [1, 2, 3] }
-- output { [8, 16, 24] 3 }
def main [n] (xs: [n]i32) =
  loop (ys, k) = (copy xs, 0) while ys[0] < 8 do (map (*2) ys, k + 1)
