-- A module type that includes the library's sort and adds order
-- statistics; a functor implements it by opening an application of the
-- radix sort functor and adding definitions.
-- ==
-- input { [3, 1, 2] 2i64 }
-- output { [1, 2, 3] 2 3 }
-- input { [9, -4, 7, 7, 0, 12] 2i64 }
-- output { [-4, 0, 7, 7, 9, 12] 7 7 }
-- input { [-8, 6, 3, 0, -3, -6, 8, 5, 2, -1, -4, -7, 7, 4, 1] 2i64 }
-- output { [-8, -7, -6, -4, -3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8] 1 -6 }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"

module type ranked = {
  include sort
  -- | The upper median.
  val median [n]: [n]t -> t
  -- | The k'th smallest (from 0).
  val kth [n]: [n]t -> i64 -> t
}

module mk_ranked (I: integral) : ranked with t = I.t = {
  open (mk_radix_sort I)
  def kth [n] (xs: [n]t) (k: i64) : t = (sort xs)[k]
  def median [n] (xs: [n]t) : t = kth xs (n / 2)
}

module r32 = mk_ranked i32

def main (xs: []i32) (k: i64) : ([]i32, i32, i32) = (r32.sort xs, r32.median xs, r32.kth xs k)
