-- The median (upper median for even sizes) of u16 values, by radix sort.
-- ==
-- input { [9u16] }
-- output { 9u16 }
-- input { [3u16, 1u16] }
-- output { 3u16 }
-- input { [5u16, 1u16, 4u16, 2u16, 3u16] }
-- output { 3u16 }
-- input { [0u16, 4099u16, 8198u16, 12297u16, 16396u16, 20495u16, 24594u16, 28693u16, 32792u16, 36891u16, 40990u16, 45089u16, 49188u16, 53287u16] }
-- output { 28693u16 }

import "lib/github.com/fcclang/sorts/radix_sort"

module sorter = mk_radix_sort u16

def main [n] (xs: [n]u16) : u16 =
  let s = sorter.sort xs
  in s[n / 2]
