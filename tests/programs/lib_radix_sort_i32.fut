-- Radix sort of i32 from the sorts library: the functor applied to the
-- prelude's i32 module.  Negative numbers, extremes, duplicates, sizes that
-- are not powers of two.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [42] }
-- output { [42] }
-- input { [3, 1, 2] }
-- output { [1, 2, 3] }
-- input { [5, -3, 2, -2147483648, 2147483647, 0, -1, 7, 2, -3] }
-- output { [-2147483648, -3, -3, -1, 0, 2, 2, 5, 7, 2147483647] }
-- input { [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7] }
-- output { [-7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }
-- input { [0, 0, 0, 0, 0] }
-- output { [0, 0, 0, 0, 0] }

import "lib/github.com/fcclang/sorts/radix_sort"

module sort_i32 = mk_radix_sort i32

def main (xs: []i32) : []i32 = sort_i32.sort xs
