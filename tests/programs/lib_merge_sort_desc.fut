-- Merge sort in decreasing order, with (>=) as the comparison, and
-- stability when sorting pairs by their first component only.
-- ==
-- entry: desc
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [1] }
-- output { [1] }
-- input { [4, 9, 1, 9, 0, -3, 12] }
-- output { [12, 9, 9, 4, 1, 0, -3] }
-- input { [0, 4, 1, 5, 2, 6, 3, 0, 4, 1, 5, 2, 6, 3, 0] }
-- output { [6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 0] }

-- ==
-- entry: by_first
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { [2] [2] }
-- output { [2] [2] }
-- input { [3, 1, 3, -2, 1, 0, -2, 3] [0, 1, 2, 3, 4, 5, 6, 7] }
-- output { [3, 3, 3, 1, 1, 0, -2, -2] [0, 2, 7, 1, 4, 5, 3, 6] }
-- input { [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }
-- output { [3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0] [3, 7, 2, 6, 10, 1, 5, 9, 0, 4, 8] }

import "lib/github.com/fcclang/sorts/merge_sort"

entry desc (xs: []i32) : []i32 = merge_sort (>=) xs

entry by_first [n] (ks: [n]i32) (vs: [n]i32) : ([n]i32, [n]i32) =
  let ps = merge_sort (\(a, _) (b, _) -> a >= b) (zip ks vs)
  in unzip ps
