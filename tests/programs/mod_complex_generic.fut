-- A functor over the complex library's module type: Horner evaluation
-- written once against the interface (with its abstract complex type),
-- applied to mk_complex f64 and mk_complex f32.
-- ==
-- input { empty([0]f64) [0.0f64] [1.0f64] }
-- output { [0.0f64] [0.0f64] [0.0f32] }
-- input { [1.0f64, 0.0f64, 1.0f64] [0.0f64, -0.0f64, 2.0f64] [1.0f64, -1.0f64, 0.0f64] }
-- output { [0.0f64, 0.0f64, 5.0f64] [0.0f64, 0.0f64, 0.0f64] [0.0f32, 0.0f32, 5.0f32] }
-- input { [-1.0f64, 0.0f64, 0.0f64, 1.0f64] [1.0f64, -0.49999999999999978f64, 0.5f64] [0.0f64, 0.86602540378443871f64, 0.5f64] }
-- output { [0.0f64, -2.2204460492503131e-16f64, -1.25f64] [0.0f64, -6.106226635438361e-16f64, 0.25f64] [0.0f32, 6.4974136686044713e-16f32, 1.2747548783981961f32] }

import "lib/github.com/fcclang/complex/complex"

module horner (C: complex) = {
  def eval [k] (cs: [k]C.complex) (z: C.complex) : C.complex =
    loop acc = C.zero for c in reverse cs do C.(acc * z + c)
}

module c64 = mk_complex f64
module c32 = mk_complex f32
module h64 = horner c64
module h32 = horner c32

-- The polynomial with real coefficients cs, at the points zs.
def main [k][n] (cs: [k]f64) (zre: [n]f64) (zim: [n]f64) : ([n]f64, [n]f64, [n]f32) =
  let ys = map2 (\a b -> h64.eval (map c64.mk_re cs) (c64.mk a b)) zre zim
  let cs32 = map (\c -> c32.mk_re (f32.f64 c)) cs
  let ys32 = map2 (\a b -> h32.eval cs32 (c32.mk (f32.f64 a) (f32.f64 b))) zre zim
  in (map c64.re ys, map c64.im ys, map c32.mag ys32)
