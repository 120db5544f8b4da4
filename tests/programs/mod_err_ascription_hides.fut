-- Ascription hides what the module type does not specify: the sorter the
-- set functor uses inside is not visible from outside.
-- ==
-- error: sorter

import "lib/github.com/fcclang/sorts/radix_sort"

module type int_set = {
  type elem
  type~ set
  val from_array [n]: [n]elem -> set
  val size: set -> i64
}

module mk_set (I: integral) : int_set with elem = I.t = {
  type elem = I.t
  type~ set = []I.t
  module sorter = mk_radix_sort I
  def from_array [n] (xs: [n]elem) : set = sorter.sort xs
  def size (s: set) : i64 = length s
}

module set32 = mk_set i32

def main (xs: []i32) : []i32 = set32.sorter.sort xs
