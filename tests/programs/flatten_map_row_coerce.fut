-- A map whose body coerces its row to another size before an inner
-- reduction (back-propagation's layers, issue 22): flattening makes the
-- coercion a reshape of the whole matrix on the host, with the size check
-- on the host where the map is not empty, instead of a kernel that copies
-- every row. Edge sizes: no columns (no check, as in the map), one row,
-- rows that do not match (the check fails).
-- ==
-- input { [1f32, 2f32] [[1f32, 0f32], [2f32, 1f32], [0f32, 3f32]] }
-- output { [0.95257413f32, 0.999089f32] }
-- input { [5f32] [[1f32, 2f32, -1f32], [0f32, 0.5f32, 1f32]] }
-- output { [0.7310586f32, 0.9890131f32, 0.98201376f32] }
-- input { [1f32, 2f32] empty([3][0]f32) }
-- output { empty([0]f32) }
-- input { empty([0]f32) [[2f32, -2f32]] }
-- output { [0.8807971f32, 0.1192029f32] }
-- input { [1f32, 2f32] [[1f32], [2f32]] }
-- error: different lengths

def main [n][h] (input: [n]f32) (w: [n + 1][h]f32) : [h]f32 =
  let l = [1f32] ++ input :> [n + 1]f32
  in map (\col -> 1 / (1 + f32.exp (-(f32.sum (map2 (*) l col))))) (transpose w)
