-- A polynomial with complex coefficients evaluated at many points by
-- Horner's rule, the loop body written as c64.(acc * z + c).
-- ==
-- input { empty([0]f64) empty([0]f64) [1.0f64] [1.0f64] }
-- output { [0.0f64] [0.0f64] }
-- input { [1.0f64, 0.0f64, -1.0f64] [0.0f64, 2.0f64, 1.0f64] empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) }
-- input { [1.0f64, 0.0f64, -1.0f64] [0.0f64, 2.0f64, 1.0f64] [0.0f64, 1.0f64, 0.0f64, -0.5f64] [0.0f64, 0.0f64, 1.0f64, 2.0f64] }
-- output { [1.0f64, 0.0f64, 0.0f64, 2.75f64] [0.0f64, 3.0f64, -1.0f64, -2.75f64] }
-- input { [0.0f64, 1.0f64, 2.0f64, 3.0f64, 4.0f64, 5.0f64] [0.0f64, -1.0f64, -2.0f64, -3.0f64, -4.0f64, -5.0f64] [0.29999999999999999f64, 1.1000000000000001f64] [-0.69999999999999996f64, 0.0f64] }
-- output { [0.17119999999999957f64, 21.421950000000006f64] [1.4835999999999996f64, -21.421950000000006f64] }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def eval [k] (cs: [k]c64.complex) (z: c64.complex) : c64.complex =
  loop acc = c64.zero for c in reverse cs do c64.(acc * z + c)

def main [k][n] (cre: [k]f64) (cim: [k]f64) (zre: [n]f64) (zim: [n]f64) : ([n]f64, [n]f64) =
  let cs = map2 c64.mk cre cim
  let ys = map (eval cs) (map2 c64.mk zre zim)
  in (map c64.re ys, map c64.im ys)
