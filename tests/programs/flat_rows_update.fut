-- A map whose body computes a scalar from its point (an element of a
-- concatenation read in place, back-propagation's bias unit) and makes
-- its row by a map: one two-dimensional kernel over all the elements,
-- with no outer-parallel version beside it (flatten's oneKernel), whose
-- work-items would each walk a row. Empty and one-element dimensions,
-- and sizes that no group size divides.
-- ==
-- input { empty([0]f32) [[1f32, 2f32]] [0.5f32, -1f32] }
-- output { [[1.15f32, 1.7f32]] }
-- input { [2f32] [[1f32], [2f32]] [3f32] }
-- output { [[1.9f32], [3.8f32]] }
-- input { [1f32, 2f32] [[1f32], [2f32], [3f32]] empty([0]f32) }
-- error: size
-- compiled random input { [1000]f32 [1001][17]f32 [17]f32 } auto output
-- compiled random input { [65536]f32 [65537][1]f32 [1]f32 } auto output
-- structure gpu { SegMap 1 }

def main [n][h] (input: [n]f32) (w: [n + 1][h]f32) (d: [h]f32) : [n + 1][h]f32 =
  let l = [1f32] ++ input :> [n + 1]f32
  in map2 (\x ws -> map2 (\v e -> v + 0.3 * e * x) ws d) l w
