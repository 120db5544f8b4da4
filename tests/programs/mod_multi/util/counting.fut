-- | Counting runs of equal values (part of the program mod_multi_main;
-- this folder's files are no test programs themselves).

import "../../lib/github.com/fcclang/segmented/segmented"

-- | The distinct values of a sorted array, in order, and how often each
-- occurs.
def runs [n] (xs: [n]i32) : ([]i32, []i64) =
  let flags = map (\i -> i == 0 || xs[i] != xs[i - 1]) (iota n)
  let values = map (.1) (filter (.0) (zip flags xs))
  in (values, segmented_reduce (+) 0 flags (replicate n 1))
