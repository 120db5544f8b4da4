-- Library files imported as modules (module m = import "..."), functors
-- reached through them, and open import, which also re-exports.
-- ==
-- input { empty([0]u16) }
-- output { empty([0]u16) empty([0]u16) empty([0]i64) }
-- input { [7u16] }
-- output { [7u16] [7u16] [0i64] }
-- input { [3u16, 3u16, 1u16, 3u16, 1u16, 65535u16] }
-- output { [1u16, 1u16, 3u16, 3u16, 3u16, 65535u16] [65535u16, 3u16, 3u16, 3u16, 1u16, 1u16] [0i64, 1i64, 0i64, 1i64, 2i64, 0i64] }
-- input { [0u16, 2u16, 4u16, 1u16, 3u16, 0u16, 2u16, 4u16, 1u16, 3u16, 0u16, 2u16, 4u16] }
-- output { [0u16, 0u16, 0u16, 1u16, 1u16, 2u16, 2u16, 2u16, 3u16, 3u16, 4u16, 4u16, 4u16] [4u16, 4u16, 4u16, 3u16, 3u16, 2u16, 2u16, 2u16, 1u16, 1u16, 0u16, 0u16, 0u16] [0i64, 1i64, 2i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 1i64, 0i64, 1i64, 2i64] }

module radix = import "lib/github.com/fcclang/sorts/radix_sort"
module merge = import "lib/github.com/fcclang/sorts/merge_sort"
open import "lib/github.com/fcclang/segmented/segmented"

module sort_u16 = radix.mk_radix_sort u16

def main [n] (xs: [n]u16) : ([n]u16, [n]u16, [n]i64) =
  let a = sort_u16.sort xs
  let b = merge.merge_sort (u16.>=) xs
  let flags = map (\i -> i == 0 || a[i] != a[i - 1]) (iota n)
  in (a, b, segmented_iota flags)
