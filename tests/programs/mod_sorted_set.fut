-- Sets of integers behind a module type whose set type is abstract and
-- size-lifted (type~): built by sorting and removing duplicates, queried
-- by binary search.
-- ==
-- input { empty([0]i16) [1i16] }
-- output { 0i64 [false] empty([0]i16) }
-- input { [5i16] [5i16, 4i16, 6i16] }
-- output { 1i64 [true, false, false] [5i16] }
-- input { [3i16, -1i16, 3i16, 7i16, -1i16, 0i16] [-1i16, 0i16, 1i16, 2i16, 3i16, 7i16, 8i16, -32768i16] }
-- output { 4i64 [true, true, false, false, true, true, false, false] [-1i16, 0i16, 3i16, 7i16] }
-- input { [-25i16, 12i16, -1i16, -14i16, 23i16, 10i16, -3i16, -16i16, 21i16, 8i16, -5i16, -18i16, 19i16, 6i16, -7i16, -20i16, 17i16, 4i16, -9i16, -22i16, 15i16, 2i16, -11i16, -24i16, 13i16, 0i16, -13i16, 24i16, 11i16, -2i16] [-26i16, -21i16, -16i16, -11i16, -6i16, -1i16, 4i16, 9i16, 14i16, 19i16, 24i16] }
-- output { 30i64 [false, false, true, true, false, true, true, false, false, true, true] [-25i16, -24i16, -22i16, -20i16, -18i16, -16i16, -14i16, -13i16, -11i16, -9i16, -7i16, -5i16, -3i16, -2i16, -1i16, 0i16, 2i16, 4i16, 6i16, 8i16, 10i16, 11i16, 12i16, 13i16, 15i16, 17i16, 19i16, 21i16, 23i16, 24i16] }

import "lib/github.com/fcclang/sorts/radix_sort"

module type int_set = {
  type elem
  type~ set
  val from_array [n]: [n]elem -> set
  val member: elem -> set -> bool
  val size: set -> i64
  val to_array: set -> []elem
}

module mk_set (I: integral) : int_set with elem = I.t = {
  type elem = I.t
  type~ set = []I.t
  module sorter = mk_radix_sort I
  def from_array [n] (xs: [n]elem) : set =
    let s = sorter.sort xs
    in map (.1) (filter (\(i, x) -> i == 0 || x I.!= s[i - 1]) (zip (iota n) s))
  def member (x: elem) (s: set) : bool =
    let (lo, _) =
      loop (lo, hi) = (0, length s) while lo < hi do
        let mid = lo + (hi - lo) / 2
        in if s[mid] I.< x then (mid + 1, hi) else (lo, mid)
    in lo < length s && s[lo] I.== x
  def size (s: set) : i64 = length s
  def to_array (s: set) : []elem = s
}

module set16 = mk_set i16

def main (xs: []i16) (qs: []i16) : (i64, []bool, []i16) =
  let s = set16.from_array xs
  in (set16.size s, map (\q -> set16.member q s) qs, set16.to_array s)
