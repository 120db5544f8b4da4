-- Group-by-key aggregation from two libraries: a functor of this program
-- sorts the pairs by key with the radix sort, marks where the key changes,
-- and sums every run with the segmented library's functor.
-- ==
-- input { empty([0]i32) empty([0]f64) }
-- output { empty([0]i32) empty([0]f64) }
-- input { [4] [1.5f64] }
-- output { [4] [1.5f64] }
-- input { [3, 1, 3, 2, 1, 3] [1.0f64, 2.0f64, 3.0f64, 4.0f64, 5.0f64, 6.0f64] }
-- output { [1, 2, 3] [7.0f64, 4.0f64, 10.0f64] }
-- input { [-2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2] [0.0f64, 0.5f64, 1.0f64, 1.5f64, 2.0f64, 2.5f64, 3.0f64, 3.5f64, 4.0f64, 4.5f64, 5.0f64, 5.5f64, 6.0f64, 6.5f64, 7.0f64, 7.5f64, 8.0f64] }
-- output { [-2, -1, 0, 1] [20.0f64, 14.0f64, 16.0f64, 18.0f64] }

import "lib/github.com/fcclang/sorts/radix_sort"
import "lib/github.com/fcclang/segmented/segmented"

module group_by (K: integral) (V: numeric) = {
  module sorter = mk_radix_sort K
  module seg = mk_segmented_numeric V
  def sums [n] (keys: [n]K.t) (vals: [n]V.t) : ([]K.t, []V.t) =
    let sorted = sorter.sort_by_key (.0) (zip keys vals)
    let ks = map (.0) sorted
    let flags = map (\i -> i == 0 || (ks[i] K.!= ks[i - 1])) (iota n)
    let starts = map (.1) (filter (.0) (zip flags ks))
    in (starts, seg.segmented_sum flags (map (.1) sorted))
}

module g = group_by i32 f64

def main [n] (keys: [n]i32) (vals: [n]f64) : ([]i32, []f64) = g.sums keys vals
