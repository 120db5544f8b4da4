-- Sums of consecutive runs given by their (non-zero) lengths: the run of
-- every element by replicated_iota, flags where it changes, then a
-- segmented reduction.
-- ==
-- input { [1i64] [4] }
-- output { [4] }
-- input { [2i64, 3i64] [1, 2, 3, 4, 5] }
-- output { [3, 12] }
-- input { [1i64, 1i64, 1i64] [7, 8, 9] }
-- output { [7, 8, 9] }
-- input { [4i64, 1i64, 2i64, 5i64] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }
-- output { [6, 4, 11, 45] }

import "lib/github.com/fcclang/segmented/segmented"

def main [r][n] (lens: [r]i64) (xs: [n]i32) : []i32 =
  let owner = replicated_iota lens :> [n]i64
  let flags = map2 (\i o -> i == 0 || o != owner[i - 1]) (iota n) owner
  in segmented_reduce (+) 0 flags xs
