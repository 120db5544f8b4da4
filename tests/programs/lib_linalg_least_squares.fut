-- A straight line fitted by least squares through the normal equations
-- (a^T a) c = a^T y, with transpose, matmul, matvec and solve from one
-- instance of mk_linalg f64, used through a local open la.(...).
-- ==
-- input { [0.0f64, 1.0f64] [1.0f64, 3.0f64] }
-- output { 1.0f64 2.0f64 }
-- input { [0.0f64, 1.0f64, 2.0f64, 3.0f64] [1.0f64, 3.0f64, 5.0f64, 7.0f64] }
-- output { 1.0f64 2.0f64 }
-- input { [1.0f64, 2.0f64, 3.0f64, 4.0f64, 5.0f64] [2.1000000000000001f64, 3.8999999999999999f64, 6.2000000000000002f64, 7.7999999999999998f64, 10.1f64] }
-- output { 0.050000000000000711f64 1.9899999999999998f64 }

import "lib/github.com/fcclang/linalg/linalg"

module la = mk_linalg f64

def main [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) =
  let a = map (\x -> [1, x]) xs
  let c = la.(let at = transpose a
              in solve (matmul at a) (matvec at ys))
  in (c[0], c[1])
