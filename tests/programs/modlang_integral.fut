-- A library functor over the prelude's integral module type, applied to
-- the numeric modules i32 and u8: the radix sort written as
-- `module radix_sort (I: integral)` using I.num_bits and I.get_bit.
-- ==
-- input { [5, -3, 2, 9, 0, -7] [200u8, 3u8, 255u8, 17u8] }
-- output { [-7, -3, 0, 2, 5, 9] [3u8, 17u8, 200u8, 255u8] }

import "modlang/radix"

module sort_i32 = radix_sort i32
module sort_u8 = radix_sort u8

-- Two's complement puts negative numbers last when sorted as bits; flip
-- the sign bit to sort signed integers.
def sort_signed [n] (xs: [n]i32) : [n]i32 =
  let flip (x: i32) = x ^ i32.highest ^ -1
  in map flip (sort_i32.sort (map flip xs))

def main (xs: []i32) (ys: []u8) =
  (sort_signed xs, sort_u8.sort ys)
