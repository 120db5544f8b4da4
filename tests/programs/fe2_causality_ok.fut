-- Orders that satisfy the causality restriction: the size is computed
-- before the function that needs it (|>, an argument, let first, a local
-- function, which is polymorphic in its sizes).
-- ==
-- input { [3, -1, 4] }
-- output { 2i64 2i64 [4, 5] [4, 5] }

def main (xs: []i32) =
  let a = filter (>0) xs |> length
  let b = length (filter (>0) xs)
  let ys = filter (>0) xs
  let f = \zs -> map (+1) zs
  let g (zs: []i32) = map (+1) zs
  in (a, b, f ys, g (filter (>0) xs))
