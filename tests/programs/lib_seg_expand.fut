-- expand: every n becomes the n numbers n*n+j for j < n (irregular
-- nested parallelism flattened by the library).
-- ==
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- input { [0i64] }
-- output { empty([0]i64) }
-- input { [1i64] }
-- output { [1i64] }
-- input { [3i64, 0i64, 2i64] }
-- output { [9i64, 10i64, 11i64, 4i64, 5i64] }
-- input { [0i64, 4i64, 0i64] }
-- output { [16i64, 17i64, 18i64, 19i64] }
-- input { [5i64, 1i64, 1i64, 3i64] }
-- output { [25i64, 26i64, 27i64, 28i64, 29i64, 1i64, 1i64, 9i64, 10i64, 11i64] }

import "lib/github.com/fcclang/segmented/segmented"

def main (xs: []i64) : []i64 = expand (\x -> x) (\x j -> x * x + j) xs
