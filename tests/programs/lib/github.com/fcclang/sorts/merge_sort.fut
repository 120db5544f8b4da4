-- | Stable bottom-up merge sort by a comparison.
--
-- A pass merges neighbouring sorted runs of width `w`.  Every element
-- finds its place in the merged run by a binary search in the other
-- run, so a pass is one map and one scatter, and there are about
-- log2(n) passes.  Any size works, not only powers of two.

import "sort"

-- Number of elements of the sorted run xs[lo:hi] that satisfy p, where
-- p holds for a prefix of the run.
local def count_prefix 'a (p: a -> bool) (xs: []a) (lo: i64) (hi: i64) : i64 =
  let (l, _) =
    loop (l, h) = (lo, hi) while l < h do
      let m = l + (h - l) / 2
      in if p xs[m] then (m + 1, h) else (l, m)
  in l - lo

-- | Sorts by `le`, a total order given as less-than-or-equal.
def merge_sort [n] 't (le: t -> t -> bool) (xs: [n]t) : [n]t =
  let pass (xs: [n]t) (w: i64) : [n]t =
    let dest (i: i64) : i64 =
      let start = (i / (2 * w)) * (2 * w)
      let mid = i64.min n (start + w)
      let stop = i64.min n (start + 2 * w)
      let x = xs[i]
      in if i < mid
         -- Elements of the right run strictly smaller than x go first.
         then i + count_prefix (\y -> !(x `le` y)) xs mid stop
         -- Elements of the left run equal to x stay before it.
         else start + (i - mid) + count_prefix (\y -> y `le` x) xs start mid
    in scatter (copy xs) (map dest (iota n)) xs
  let (sorted, _) = loop (xs, w) = (xs, 1) while w < n do (pass xs w, w * 2)
  in sorted

-- | Sorts elements by a key, with `le` ordering the keys.
def merge_sort_by_key [n] 't 'k (key: t -> k) (le: k -> k -> bool) (xs: [n]t) : [n]t =
  zip (map key xs) xs
  |> merge_sort (\(a, _) (b, _) -> a `le` b)
  |> map (.1)

-- | Merge sort of any ordered type.
module mk_merge_sort (O: ordered) : sort with t = O.t = {
  type t = O.t
  def sort [n] (xs: [n]t) : [n]t = merge_sort (O.<=) xs
  def sort_by_key [n] 'a (key: a -> t) (xs: [n]a) : [n]a =
    merge_sort_by_key key (O.<=) xs
}
