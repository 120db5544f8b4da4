-- Linear systems solved by Gauss-Jordan elimination with partial pivoting
-- in mk_linalg f64, including a matrix whose first pivot is zero and one
-- that is badly scaled without pivoting.
-- ==
-- input { [[4.0f64]] [2.0f64] }
-- output { [0.5f64] }
-- input { [[1.0f64, 2.0f64], [3.0f64, 4.0f64]] [5.0f64, 6.0f64] }
-- output { [-4.0f64, 4.5f64] }
-- input { [[2.0f64, 1.0f64, -1.0f64], [-3.0f64, -1.0f64, 2.0f64], [-2.0f64, 1.0f64, 2.0f64]] [8.0f64, -11.0f64, -3.0f64] }
-- output { [2.0f64, 3.0f64, -1.0f64] }
-- input { [[0.0f64, 2.0f64, 1.0f64, 4.0f64], [1.0f64, 1.0f64, 0.0f64, 2.0f64], [3.0f64, 0.0f64, 1.0f64, 1.0f64], [2.0f64, 5.0f64, 1.0f64, 0.0f64]] [1.0f64, 2.0f64, 3.0f64, 4.0f64] }
-- output { [1.1632653061224489f64, 0.46938775510204084f64, -0.67346938775510201f64, 0.18367346938775511f64] }
-- input { [[0.001f64, 1.0f64], [1.0f64, 1.0f64]] [1.0f64, 2.0f64] }
-- output { [1.0010010010010011f64, 0.99899899899899902f64] }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg f64

def main [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 = la.solve a b
