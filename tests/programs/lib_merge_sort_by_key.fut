-- merge_sort_by_key: sorting numbers by their tens digit, stably.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [7] }
-- output { [7] }
-- input { [35, 31, 12, 19, 33, 11, 5, 40, 18] }
-- output { [5, 12, 19, 11, 18, 35, 31, 33, 40] }
-- input { [0, 37, 74, 11, 48, 85, 22, 59, 96, 33, 70, 7, 44, 81, 18, 55, 92, 29, 66, 3, 40, 77, 14, 51, 88] }
-- output { [0, 7, 3, 11, 18, 14, 22, 29, 37, 33, 48, 44, 40, 59, 55, 51, 66, 74, 70, 77, 85, 81, 88, 96, 92] }

import "lib/github.com/fcclang/sorts/merge_sort"

def main (xs: []i32) : []i32 = merge_sort_by_key (\x -> x / 10) (<=) xs
