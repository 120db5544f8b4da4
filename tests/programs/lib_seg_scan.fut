-- segmented_scan with (+): prefix sums restarting at every flag.  The
-- first element starts a segment even when its flag is false.
-- ==
-- input { empty([0]bool) empty([0]i32) }
-- output { empty([0]i32) }
-- input { [true] [7] }
-- output { [7] }
-- input { [true, false, true, true, false, false, true] [1, 2, 3, 4, 5, 6, 7] }
-- output { [1, 3, 3, 4, 9, 15, 7] }
-- input { [false, false, true, false, false, true, false, false, false] [5, -1, 8, 2, 0, 9, -4, 3, 3] }
-- output { [5, 4, 8, 10, 10, 9, 5, 8, 11] }
-- input { [true, true, true, true, true] [10, 20, 30, 40, 50] }
-- output { [10, 20, 30, 40, 50] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true, false, false, false] [-5, -3, -1, 1, 3, 5, -4, -2, 0, 2, 4, -5, -3, -1, 1, 3, 5, -4, -2] }
-- output { [-5, -8, -9, -8, -5, 5, 1, -1, -1, 1, 4, -1, -4, -5, -4, 3, 8, 4, 2] }

import "lib/github.com/fcclang/segmented/segmented"

def main [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = segmented_scan (+) 0 flags xs
