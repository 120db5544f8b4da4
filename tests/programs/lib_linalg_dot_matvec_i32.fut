-- mk_linalg_numeric applied to i32: dot products and matrix-vector
-- products of integers, exactly.
-- ==
-- entry: dot
-- input { empty([0]i32) empty([0]i32) }
-- output { 0 }
-- input { [3] [-4] }
-- output { -12 }
-- input { [1, 2, 3] [4, 5, 6] }
-- output { 32 }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }
-- output { 220 }

-- ==
-- entry: matvec
-- input { empty([0][2]i32) [1, 2] }
-- output { empty([0]i32) }
-- input { [[5]] [3] }
-- output { [15] }
-- input { [[1, 2, 3], [4, 5, 6]] [1, 0, -1] }
-- output { [-2, -2] }
-- input { [[-3, -3, -3, -3, -3], [-3, -2, -1, 0, 1], [-3, -1, 1, 3, 5], [-3, 0, 3, 6, 9]] [2, -1, 0, 1, 3] }
-- output { [-15, -1, 13, 27] }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg_numeric i32

entry dot (xs: []i32) (ys: []i32) : i32 = la.dot xs ys

entry matvec [n][m] (a: [n][m]i32) (v: [m]i32) : [n]i32 = la.matvec a v
