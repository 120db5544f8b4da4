-- Both sorting functors ascribed to the module type sort (imported from the
-- library): the radix sort and the merge sort of the same i32 module give
-- the same answer, and the program only uses what the module type shows.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) true }
-- input { [-1] }
-- output { [-1] true }
-- input { [5, -3, 2, -2147483648, 2147483647, 0, -1, 7, 2, -3] }
-- output { [-2147483648, -3, -3, -1, 0, 2, 2, 5, 7, 2147483647] true }
-- input { [-50, -9, 32, -28, 13, -47, -6, 35, -25, 16, -44, -3, 38, -22, 19, -41, 0, 41, -19, 22, -38, 3, 44, -16, 25, -35, 6, 47, -13, 28, -32, 9, 50] }
-- output { [-50, -47, -44, -41, -38, -35, -32, -28, -25, -22, -19, -16, -13, -9, -6, -3, 0, 3, 6, 9, 13, 16, 19, 22, 25, 28, 32, 35, 38, 41, 44, 47, 50] true }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"
import "lib/github.com/fcclang/sorts/merge_sort"

module radix : sort with t = i32 = mk_radix_sort i32
module merge : sort with t = i32 = mk_merge_sort i32

def main (xs: []i32) : ([]i32, bool) =
  let a = radix.sort xs
  let b = merge.sort xs
  in (a, and (map2 (==) a b))
