-- segmented_iota: the index of every element within its segment.
-- ==
-- input { empty([0]bool) }
-- output { empty([0]i64) }
-- input { [true] }
-- output { [0i64] }
-- input { [true, false, true, true, false, false, true] }
-- output { [0i64, 1i64, 0i64, 0i64, 1i64, 2i64, 0i64] }
-- input { [false, false, true, false, false, true, false, false, false] }
-- output { [0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 1i64, 2i64, 3i64] }
-- input { [true, true, true, true, true] }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64] }
-- input { [true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true, false, false, false] }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 0i64, 1i64, 2i64, 3i64, 4i64, 0i64, 1i64, 2i64, 3i64, 4i64, 0i64, 1i64, 2i64, 3i64] }

import "lib/github.com/fcclang/segmented/segmented"

def main (flags: []bool) : []i64 = segmented_iota flags
