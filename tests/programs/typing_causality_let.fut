-- Binding the filtered array with let first makes its size known before
-- the lambda, so the causality restriction is satisfied.
-- ==
-- input { [3, -1, 4] } output { 3 }
def f [n] (xs: [n]i32) (g: [n]i32 -> i32) : i32 = g xs

def main (xs: []i32) : i32 =
  let ys = filter (>0) xs
  in f ys (\zs -> zs[0])
