-- replicated_iota: the segment number of every element, for segment
-- lengths that include zero (empty segments leave no trace).
-- ==
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- input { [0i64] }
-- output { empty([0]i64) }
-- input { [3i64] }
-- output { [0i64, 0i64, 0i64] }
-- input { [2i64, 0i64, 3i64, 1i64] }
-- output { [0i64, 0i64, 2i64, 2i64, 2i64, 3i64] }
-- input { [0i64, 0i64, 4i64, 0i64, 1i64, 0i64] }
-- output { [2i64, 2i64, 2i64, 2i64, 4i64] }
-- input { [1i64, 1i64, 1i64, 1i64, 1i64, 1i64] }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] }
-- input { [0i64, 3i64, 2i64, 1i64, 0i64, 3i64, 2i64, 1i64, 0i64] }
-- output { [1i64, 1i64, 1i64, 2i64, 2i64, 3i64, 5i64, 5i64, 5i64, 6i64, 6i64, 7i64] }

import "lib/github.com/fcclang/segmented/segmented"

def main (reps: []i64) : []i64 = replicated_iota reps
