-- A functor whose body is a functor lambda (curried by hand): applied to
-- one module it gives a functor, which is applied again.  The result mixes
-- an integral and a real module.
-- ==
-- input { 2.0f64 empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { 0.5f64 [3] }
-- output { [1] [1] }
-- input { 1.5f64 [1, 2, 3, -3, -4, 100] }
-- output { [1, 3, 4, -5, -6, 150] [1, 3, 4, -5, -6, 150] }
-- input { -0.25f64 [8, 9, -9, 0] }
-- output { [-2, -3, 2, 0] [-2, -3, 2, 0] }

module scaler (I: integral) = \(R: real) -> {
  -- The integers, each scaled by the real factor and rounded down.
  def scale [n] (f: R.t) (xs: [n]I.t) : [n]I.t =
    map (\x -> I.i64 (R.to_i64 (R.floor (R.i64 (I.to_i64 x) R.* f)))) xs
}

module from_i32 = scaler i32
module s64 = from_i32 f64
module s32 = from_i32 f32

def main (f: f64) (xs: []i32) : ([]i32, []i32) = (s64.scale f xs, s32.scale (f32.f64 f) xs)
