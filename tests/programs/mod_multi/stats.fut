-- | Order statistics of samples (part of the program mod_multi_main).

import "../lib/github.com/fcclang/sorts/radix_sort"
import "util/counting"

module sorter = mk_radix_sort i32

-- | The upper median; the array must not be empty.
def median [n] (xs: [n]i32) : i32 = (sorter.sort xs)[n / 2]

-- | The most frequent value, the smallest of those on a tie; 0 for no
-- values.
def mode [n] (xs: [n]i32) : i32 =
  let (values, counts) = runs (sorter.sort xs)
  let k = length counts
  let best (c1, v1) (c2, v2) = if c2 > c1 then (c2, v2) else (c1, v1)
  in (reduce best (0, 0) (zip (counts :> [k]i64) (values :> [k]i32))).1

-- | The number of distinct values.
def distinct [n] (xs: [n]i32) : i64 = length (runs (sorter.sort xs)).0
