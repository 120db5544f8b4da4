-- mk_merge_sort applied to a module written in place: pairs of i32 in
-- lexicographic order.  The module defines its own <=, whose body still
-- sees the prelude's (definitions are not recursive).
-- ==
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { [1] [1] }
-- output { [1] [1] }
-- input { [2, 1, 2, 1, 0, -1, 2] [5, 9, 1, 9, 0, 4, 3] }
-- output { [-1, 0, 1, 1, 2, 2, 2] [4, 0, 9, 9, 1, 3, 5] }
-- input { [0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1] [0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1] }
-- output { [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] }

import "lib/github.com/fcclang/sorts/merge_sort"

module lex_sort = mk_merge_sort {
  type t = (i32, i32)
  def (a: t) <= (b: t) : bool = a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1)
}

def main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  unzip (lex_sort.sort (zip xs ys))
