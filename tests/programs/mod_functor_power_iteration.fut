-- A functor that applies the library's mk_linalg to its own parameter, so
-- one definition of power iteration serves f32 and f64.
-- ==
-- entry: dominant32
-- input { [[2.0f32]] 30 }
-- output { 2.0f32 }
-- input { [[2.0f32, 1.0f32], [1.0f32, 3.0f32]] 30 }
-- output { 3.6180339887498958f32 }
-- input { [[4.0f32, 1.0f32, 0.0f32], [1.0f32, 3.0f32, 1.0f32], [0.0f32, 1.0f32, 2.0f32]] 30 }
-- output { 4.7320508075685686f32 }

-- ==
-- entry: dominant64
-- input { [[2.0f64]] 1 }
-- output { 2.0f64 }
-- input { [[2.0f64]] 50 }
-- output { 2.0f64 }
-- input { [[2.0f64, 1.0f64], [1.0f64, 3.0f64]] 1 }
-- output { 3.6000000000000005f64 }
-- input { [[2.0f64, 1.0f64], [1.0f64, 3.0f64]] 50 }
-- output { 3.6180339887498953f64 }
-- input { [[4.0f64, 1.0f64, 0.0f64], [1.0f64, 3.0f64, 1.0f64], [0.0f64, 1.0f64, 2.0f64]] 1 }
-- output { 4.6271186440677985f64 }
-- input { [[4.0f64, 1.0f64, 0.0f64], [1.0f64, 3.0f64, 1.0f64], [0.0f64, 1.0f64, 2.0f64]] 50 }
-- output { 4.7320508075688767f64 }

import "lib/github.com/fcclang/linalg/linalg"

-- The dominant eigenvalue of a matrix by power iteration, written once
-- for any real module by instantiating the library's functor inside.
module eigen (R: real) = {
  module la = mk_linalg R
  def dominant [n] (a: [n][n]R.t) (iters: i32) : R.t =
    let v = loop v = replicate n (R.i32 1) for _i < iters do
      let w = la.matvec a v
      let norm = R.sqrt (la.dot w w)
      in map (R./ norm) w
    in la.dot v (la.matvec a v)
}

module e32 = eigen f32
module e64 = eigen f64

entry dominant32 [n] (a: [n][n]f32) (iters: i32) : f32 = e32.dominant a iters
entry dominant64 [n] (a: [n][n]f64) (iters: i32) : f64 = e64.dominant a iters
