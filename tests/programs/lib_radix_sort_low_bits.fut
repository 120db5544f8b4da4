-- The library's plain radix_sort, given its own bit reader: sorting by the
-- low 4 bits only, so values with the same low bits keep their order.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [5] }
-- output { [5] }
-- input { [17, 3, 33, 2, 18, 64, 15, 1, 49] }
-- output { [64, 17, 33, 1, 49, 2, 18, 3, 15] }
-- input { [40, 37, 34, 31, 28, 25, 22, 19, 16, 13, 10, 7, 4, 1] }
-- output { [16, 1, 34, 19, 4, 37, 22, 7, 40, 25, 10, 28, 13, 31] }

import "lib/github.com/fcclang/sorts/radix_sort"

def main (xs: []i32) : []i32 = radix_sort 4 (\b x -> (x >> b) & 1) xs
