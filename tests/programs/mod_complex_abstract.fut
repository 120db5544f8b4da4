-- mk_complex ascribed to the module type complex with only the real type
-- refined: the complex type is abstract, so the program builds and reads
-- numbers only through mk, re and im, and keeps them in arrays.
-- ==
-- input { empty([0]f64) empty([0]f64) }
-- output { 1.0f64 0.0f64 empty([0]f64) }
-- input { [2.0f64] [-1.0f64] }
-- output { 2.0f64 -1.0f64 [5.0000000000000009f64] }
-- input { [1.0f64, 1.0f64, 0.0f64] [1.0f64, -1.0f64, 0.5f64] }
-- output { 0.0f64 1.0f64 [2.0000000000000004f64, 2.0000000000000004f64, 0.25f64] }
-- input { [0.0f64, 0.25f64, 0.5f64, 0.75f64, 1.0f64, 1.25f64, 1.5f64] [1.0f64, 0.5f64, 0.0f64, -0.5f64, -1.0f64, -1.5f64, -2.0f64] }
-- output { 1.52734375f64 -0.83203125f64 [1.0f64, 0.31250000000000006f64, 0.25f64, 0.81249999999999989f64, 2.0000000000000004f64, 3.8124999999999996f64, 6.25f64] }

import "lib/github.com/fcclang/complex/complex"

module C : complex with real = f64 = mk_complex f64

def norm_sq (z: C.complex) : f64 = C.re z * C.re z + C.im z * C.im z

def main [n] (re: [n]f64) (im: [n]f64) : (f64, f64, [n]f64) =
  let zs : [n]C.complex = map2 C.mk re im
  let prod = reduce (C.*) C.one zs
  in (C.re prod, C.im prod, map norm_sq (map C.conj zs))
