-- The rank of every element (its place in the stably sorted array), by
-- sorting indices by their element with sort_by_key and scattering.
-- ==
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- input { [10i64] }
-- output { [0i64] }
-- input { [30i64, 10i64, 20i64, 10i64] }
-- output { [3i64, 0i64, 2i64, 1i64] }
-- input { [-3i64, 3i64, 2i64, 1i64, 0i64, -1i64, -2i64, -3i64, 3i64, 2i64, 1i64, 0i64, -1i64, -2i64, -3i64, 3i64, 2i64] }
-- output { [0i64, 14i64, 11i64, 9i64, 7i64, 5i64, 3i64, 1i64, 15i64, 12i64, 10i64, 8i64, 6i64, 4i64, 2i64, 16i64, 13i64] }

import "lib/github.com/fcclang/sorts/radix_sort"

module sorter = mk_radix_sort i64

def main [n] (xs: [n]i64) : [n]i64 =
  let order = sorter.sort_by_key (\i -> xs[i]) (iota n)
  in scatter (replicate n 0) order (iota n)
