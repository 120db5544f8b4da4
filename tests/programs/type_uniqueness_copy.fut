-- copy produces a unique array that can be updated while the original
-- remains usable.
-- ==
-- input { [1, 2, 3] }
-- output { [1, 2, 3] [1, 99, 3] }
def main (xs: []i32) =
  let ys = copy xs
  let ys[1] = 99
  in (xs, ys)
