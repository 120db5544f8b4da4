-- A higher-order functor: its parameter is itself a functor from integral
-- modules to sorts.  It is applied to the library's radix sort functor and
-- to a functor lambda wrapping the merge sort functor.
-- ==
-- input { empty([0]i32) [1i64] }
-- output { empty([0]i32) [1i64] empty([0]i32) [1i64] }
-- input { [3, -1, 2] empty([0]i64) }
-- output { [-1, 2, 3] empty([0]i64) [-1, 2, 3] empty([0]i64) }
-- input { [5, 5, -9, 0, 8] [10i64, -1099511627776i64, 3i64, 3i64, 0i64, 7i64] }
-- output { [-9, 0, 5, 5, 8] [-1099511627776i64, 0i64, 3i64, 3i64, 7i64, 10i64] [-9, 0, 5, 5, 8] [-1099511627776i64, 0i64, 3i64, 3i64, 7i64, 10i64] }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"
import "lib/github.com/fcclang/sorts/merge_sort"

module sort_twice (F: (I: integral) -> sort with t = I.t) = {
  module s32 = F i32
  module s64 = F i64
  def run [n][m] (xs: [n]i32) (ys: [m]i64) : ([n]i32, [m]i64) = (s32.sort xs, s64.sort ys)
}

module by_radix = sort_twice mk_radix_sort
module by_merge = sort_twice (\(I: integral) -> mk_merge_sort I)

def main [n][m] (xs: [n]i32) (ys: [m]i64) : ([n]i32, [m]i64, [n]i32, [m]i64) =
  let (a, b) = by_radix.run xs ys
  let (c, d) = by_merge.run xs ys
  in (a, b, c, d)
