-- Local modules and module types in a file: a local module type, a local
-- module made by a functor, a module type abbreviation refined with with,
-- and include of a refined module type.
-- ==
-- input { empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) 42i64 }
-- input { [3i64] }
-- output { [3i64] [3i64] 42i64 }
-- input { [5i64, -2i64, 9i64, 0i64, -2i64] }
-- output { [-2i64, -2i64, 0i64, 5i64, 9i64] [9i64, 5i64, 0i64, -2i64, -2i64] 42i64 }
-- input { [0i64, 3i64, 6i64, 9i64, 12i64, 2i64, 5i64, 8i64, 11i64, 1i64, 4i64, 7i64, 10i64, 0i64, 3i64, 6i64] }
-- output { [0i64, 0i64, 1i64, 2i64, 3i64, 3i64, 4i64, 5i64, 6i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64] [12i64, 11i64, 10i64, 9i64, 8i64, 7i64, 6i64, 6i64, 5i64, 4i64, 3i64, 3i64, 2i64, 1i64, 0i64, 0i64] 42i64 }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"

local module type keyed = {
  type key
  val key_of: i64 -> key
}

local module sorter = mk_radix_sort i64

module type sort_i64 = sort with t = i64

module type sort_and_key = {
  include sort with t = i64
  include keyed
}

module both : sort_and_key with key = i64 = {
  open sorter
  type key = i64
  def key_of (i: i64) : key = i * 2
}

module just_sort : sort_i64 = both

def main (xs: []i64) : ([]i64, []i64, i64) =
  (both.sort xs, just_sort.sort_by_key (\x -> -x) xs, both.key_of 21)
