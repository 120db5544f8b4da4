-- A library functor over the prelude's integral module type, applied to
-- the numeric modules i32, u8 and i64: the radix sort written as
-- `module radix_sort (I: integral)` using I.num_bits and I.get_bit.
-- ==
-- input { [5, -3, 2, 9, 0, -7] [200u8, 3u8, 255u8, 17u8] [9i64, 1i64, 5i64] }
-- output { [-7, -3, 0, 2, 5, 9] [3u8, 17u8, 200u8, 255u8] [1i64, 5i64, 9i64] }

import "modlang/radix"

module sort_i32 = radix_sort i32
module sort_u8 = radix_sort u8
module sort_i64 = radix_sort i64

-- Two's complement puts negative numbers last when sorted as bits; flip
-- the sign bit to sort signed integers.
def sort_signed [n] (xs: [n]i32) : [n]i32 =
  let flip (x: i32) = x ^ i32.highest ^ -1
  in map flip (sort_i32.sort (map flip xs))

def main (xs: []i32) (ys: []u8) (zs: []i64) =
  (sort_signed xs, sort_u8.sort ys, sort_i64.sort zs)
