-- A program of several files: mod_multi/stats.fut imports the radix sort
-- with a path through .., and its own helper in mod_multi/util, which
-- imports the segmented library through ../..
-- ==
-- input { [4] }
-- output { 4 4 1i64 }
-- input { [2, 9] }
-- output { 9 2 2i64 }
-- input { [3, 1, 3, 2, 1, 3] }
-- output { 3 3 3i64 }
-- input { [7, 7, -2, -2, 5] }
-- output { 5 -2 3i64 }
-- input { [-5, -4, -1, 4, 0, -2, -2, 0, 4, -1, -4, -5, -4, -1, 4, 0, -2, -2, 0, 4] }
-- output { -1 -2 6i64 }

import "mod_multi/stats"

def main (xs: []i32) : (i32, i32, i64) = (median xs, mode xs, distinct xs)
