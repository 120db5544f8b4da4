-- Distinct values in increasing order: sort, then keep the elements that
-- differ from their predecessor.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [3] }
-- output { [3] }
-- input { [2, 2, 2] }
-- output { [2] }
-- input { [5, 3, 5, 1, 3, 9, -2, 1] }
-- output { [-2, 1, 3, 5, 9] }
-- input { [0, 1, 4, 9, 6, 5, 6, 9, 4, 1, 0, 1, 4, 9, 6, 5, 6, 9, 4, 1, 0, 1, 4] }
-- output { [0, 1, 4, 5, 6, 9] }

import "lib/github.com/fcclang/sorts/radix_sort"

module sorter = mk_radix_sort i32

def main [n] (xs: [n]i32) : []i32 =
  let s = sorter.sort xs
  in map (.1) (filter (\(i, x) -> i == 0 || x != s[i - 1]) (zip (iota n) s))
