-- A bias unit in front of a layer's inputs ([1] ++ xs, as in
-- back-propagation), read by a dot product per column and by a map: the
-- concatenation is read in place, an element a branch on its index, and
-- never stored (rewrite: fuse-concat). A concatenation of three arrays
-- gives a chain of branches.
-- ==
-- input { [2f32, 3f32] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [7f32] }
-- output { [22f32, 28f32] [1f32, 4f32, 9f32] [1f32, 2f32, 3f32, 7f32] }
-- input { empty([0]f32) [[1f32, 2f32]] empty([0]f32) }
-- output { [1f32, 2f32] [1f32] [1f32] }
-- structure gpu { Concat 0 }

def main [n][h][k] (xs: [n]f32) (w: [n + 1][h]f32) (ys: [k]f32) =
  let l = [1f32] ++ xs :> [n + 1]f32
  let dots = map (\col -> f32.sum (map2 (*) l col)) (transpose w)
  let sq = map (\x -> x * x) l
  let all = [1f32] ++ xs ++ ys
  let cp = map (+ 0) all
  in (dots, sq, cp)
