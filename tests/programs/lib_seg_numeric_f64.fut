-- The library's functor of segmented reductions, applied to f64: sums,
-- products and running sums per segment.
-- ==
-- input { empty([0]bool) empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) empty([0]f64) }
-- input { [true] [2.5f64] }
-- output { [2.5f64] [2.5f64] [2.5f64] }
-- input { [true, false, true, true, false, false, true] [0.5f64, 1.0f64, 1.5f64, 2.0f64, 2.5f64, 3.0f64, 3.5f64] }
-- output { [1.5f64, 1.5f64, 7.5f64, 3.5f64] [0.5f64, 1.5f64, 15.0f64, 3.5f64] [0.5f64, 1.5f64, 1.5f64, 2.0f64, 4.5f64, 7.5f64, 3.5f64] }
-- input { [false, false, true, false, false, true, false, false, false] [1.25f64, -0.25f64, 2.0f64, 0.5f64, 0.0f64, 2.25f64, -1.0f64, 0.75f64, 0.75f64] }
-- output { [1.0f64, 2.5f64, 2.75f64] [-0.3125f64, 0.0f64, -1.265625f64] [1.25f64, 1.0f64, 2.0f64, 2.5f64, 2.5f64, 2.25f64, 1.25f64, 2.0f64, 2.75f64] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true, false, false, false] [-6.25f64, -3.75f64, -1.25f64, 1.25f64, 3.75f64, 6.25f64, -5.0f64, -2.5f64, 0.0f64, 2.5f64, 5.0f64, -6.25f64, -3.75f64, -1.25f64, 1.25f64, 3.75f64, 6.25f64, -5.0f64, -2.5f64] }
-- output { [-6.25f64, 1.25f64, -5.0f64, 2.5f64] [-137.3291015625f64, 0.0f64, -183.10546875f64, 292.96875f64] [-6.25f64, -10.0f64, -11.25f64, -10.0f64, -6.25f64, 6.25f64, 1.25f64, -1.25f64, -1.25f64, 1.25f64, 5.0f64, -1.25f64, -5.0f64, -6.25f64, -5.0f64, 3.75f64, 10.0f64, 5.0f64, 2.5f64] }

import "lib/github.com/fcclang/segmented/segmented"

module segf = mk_segmented_numeric f64

def main [n] (flags: [n]bool) (xs: [n]f64) : ([]f64, []f64, [n]f64) =
  (segf.segmented_sum flags xs, segf.segmented_product flags xs,
   segf.segmented_prefix_sum flags xs)
