-- Determinants by elimination with partial pivoting (each row swap flips
-- the sign): a singular matrix, a permutation matrix, a diagonal one, and
-- the empty matrix, whose determinant is 1.
-- ==
-- input { [[4.0f64]] }
-- output { 4.0f64 }
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64]] }
-- output { -2.0f64 }
-- input { [[2.0f64, 1.0f64, -1.0f64], [-3.0f64, -1.0f64, 2.0f64], [-2.0f64, 1.0f64, 2.0f64]] }
-- output { -1.0f64 }
-- input { [[0.0f64, 2.0f64, 1.0f64, 4.0f64], [1.0f64, 1.0f64, 0.0f64, 2.0f64], [3.0f64, 0.0f64, 1.0f64, 1.0f64], [2.0f64, 5.0f64, 1.0f64, 0.0f64]] }
-- output { 49.0f64 }
-- input { [[1.0f64, 2.0f64], [2.0f64, 4.0f64]] }
-- output { 0.0f64 }
-- input { [[0.0f64, 1.0f64], [1.0f64, 0.0f64]] }
-- output { -1.0f64 }
-- input { [[2.0f64, 0.0f64, 0.0f64], [0.0f64, 3.0f64, 0.0f64], [0.0f64, 0.0f64, 0.5f64]] }
-- output { 3.0f64 }
-- input { empty([0][0]f64) }
-- output { 1.0f64 }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg f64

def main [n] (a: [n][n]f64) : f64 = la.det a
