-- Matrix products of mk_linalg f64 (the functor over real reuses the one
-- over numeric with open), for square and rectangular shapes.
-- ==
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64]] [[0.5f64, -1.0f64], [2.0f64, 0.0f64]] }
-- output { [[4.5f64, -1.0f64], [9.5f64, -3.0f64]] }
-- input { [[1.0f64, 2.0f64, 3.0f64]] [[1.0f64], [0.5f64], [0.25f64]] }
-- output { [[2.75f64]] }
-- input { [[1.0f64], [2.0f64]] [[3.0f64, 4.0f64, 5.0f64]] }
-- output { [[3.0f64, 4.0f64, 5.0f64], [6.0f64, 8.0f64, 10.0f64]] }
-- input { [[0.0f64, 0.5f64, 1.0f64], [1.0f64, 1.5f64, 2.0f64], [2.0f64, 2.5f64, 3.0f64], [3.0f64, 3.5f64, 4.0f64]] [[0.0f64, -0.25f64, -0.5f64, -0.75f64, -1.0f64], [0.25f64, 0.0f64, -0.25f64, -0.5f64, -0.75f64], [0.5f64, 0.25f64, 0.0f64, -0.25f64, -0.5f64]] }
-- output { [[0.625f64, 0.25f64, -0.125f64, -0.5f64, -0.875f64], [1.375f64, 0.25f64, -0.875f64, -2.0f64, -3.125f64], [2.125f64, 0.25f64, -1.625f64, -3.5f64, -5.375f64], [2.875f64, 0.25f64, -2.375f64, -5.0f64, -7.625f64]] }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg f64

def main [n][p][m] (a: [n][p]f64) (b: [p][m]f64) : [n][m]f64 = la.matmul a b
