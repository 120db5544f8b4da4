-- transpose (the module's own, defined by the prelude's), outer products
-- and traces from mk_linalg_numeric i64, and trace (a b) = trace (b a).
-- ==
-- entry: transpose_outer
-- input { [1i64, 2i64] [3i64] }
-- output { [[3i64, 6i64]] }
-- input { [2i64, -1i64, 4i64] [5i64, 0i64, 1i64, 7i64] }
-- output { [[10i64, -5i64, 20i64], [0i64, 0i64, 0i64], [2i64, -1i64, 4i64], [14i64, -7i64, 28i64]] }
-- input { [6i64] [1i64, 2i64, 3i64] }
-- output { [[6i64], [12i64], [18i64]] }

-- ==
-- entry: traces
-- input { [[7i64]] [[-2i64]] }
-- output { 7i64 -14i64 -14i64 }
-- input { [[1i64, 2i64], [3i64, 4i64]] [[5i64, 6i64], [7i64, 8i64]] }
-- output { 5i64 69i64 69i64 }
-- input { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64], [6i64, 7i64, 8i64]] [[0i64, 1i64, 4i64], [1i64, 0i64, 1i64], [4i64, 1i64, 0i64]] }
-- output { 12i64 48i64 48i64 }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg_numeric i64

entry transpose_outer [n][m] (xs: [n]i64) (ys: [m]i64) : [m][n]i64 = la.transpose (la.outer xs ys)

entry traces [n] (a: [n][n]i64) (b: [n][n]i64) : (i64, i64, i64) =
  (la.trace a, la.trace (la.matmul a b), la.trace (la.matmul b a))
