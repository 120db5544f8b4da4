-- The rank of every element among those with the same key, in input order:
-- the radix sort groups the keys stably, segmented_iota numbers each
-- group, and a scatter puts the ranks back in place.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i64) }
-- input { [4] }
-- output { [0i64] }
-- input { [1, 2, 1, 1, 2, 3] }
-- output { [0i64, 0i64, 1i64, 2i64, 1i64, 0i64] }
-- input { [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1] }
-- output { [0i64, 0i64, 0i64, 1i64, 1i64, 1i64, 2i64, 2i64, 2i64, 3i64, 3i64, 3i64, 4i64, 4i64] }

import "lib/github.com/fcclang/sorts/radix_sort"
import "lib/github.com/fcclang/segmented/segmented"

module sorter = mk_radix_sort i32

def main [n] (keys: [n]i32) : [n]i64 =
  let order = sorter.sort_by_key (\i -> keys[i]) (iota n)
  let sorted = map (\i -> keys[i]) order
  let flags = map (\i -> i == 0 || sorted[i] != sorted[i - 1]) (iota n)
  in scatter (replicate n 0) order (segmented_iota flags)
