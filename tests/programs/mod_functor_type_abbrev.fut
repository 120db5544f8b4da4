-- A module type abbreviation that names a functor type, used as the type
-- of a higher-order functor's parameter; the argument is an ascribed
-- functor binding.
-- ==
-- input { empty([0]i8) empty([0]u16) }
-- output { empty([0]i8) empty([0]u16) }
-- input { [5i8] [5u16] }
-- output { [5i8] [5u16] }
-- input { [-128i8, 127i8, 0i8, -1i8, 3i8, 3i8] [65535u16, 0u16, 256u16, 255u16, 1u16] }
-- output { [127i8, 3i8, 3i8, 0i8, -1i8, -128i8] [65535u16, 256u16, 255u16, 1u16, 0u16] }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"

module type sorter_maker = (I: integral) -> sort with t = I.t

module descending (F: sorter_maker) (I: integral) = {
  module s = F I
  def sort [n] (xs: [n]I.t) : [n]I.t = reverse (s.sort xs)
}

module maker : sorter_maker = mk_radix_sort

module desc_i8 = descending maker i8
module desc_u16 = descending mk_radix_sort u16

def main (xs: []i8) (ys: []u16) : ([]i8, []u16) = (desc_i8.sort xs, desc_u16.sort ys)
