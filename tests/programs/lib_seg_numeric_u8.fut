-- Segmented reductions over u8 through the functor: sums wrap around at
-- 256, and the maximum's neutral element is the module's lowest, 0.
-- ==
-- input { empty([0]bool) empty([0]u8) }
-- output { empty([0]u8) empty([0]u8) }
-- input { [true] [200u8] }
-- output { [200u8] [200u8] }
-- input { [true, false, true, true, false, false, true] [250u8, 10u8, 3u8, 255u8, 0u8, 1u8, 77u8] }
-- output { [4u8, 3u8, 0u8, 77u8] [250u8, 3u8, 255u8, 77u8] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true, false, false, false] [0u8, 41u8, 82u8, 123u8, 164u8, 205u8, 246u8, 31u8, 72u8, 113u8, 154u8, 195u8, 236u8, 21u8, 62u8, 103u8, 144u8, 185u8, 226u8] }
-- output { [154u8, 155u8, 156u8, 146u8] [164u8, 246u8, 236u8, 226u8] }

import "lib/github.com/fcclang/segmented/segmented"

module segu8 = mk_segmented_numeric u8

def main [n] (flags: [n]bool) (xs: [n]u8) : ([]u8, []u8) =
  (segu8.segmented_sum flags xs, segu8.segmented_maximum flags xs)
