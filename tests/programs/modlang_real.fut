-- A functor over the prelude's real module type, applied to f32 and f64,
-- and one over numeric applied to an integer module.
-- ==
-- input { [3f32, 4f32] [1f64, 2f64, 2f64] [2, 3] }
-- output { 5f32 3f64 5 6 }

module norms (R: real) = {
  def euclid [n] (xs: [n]R.t) : R.t = R.sqrt (R.sum (map (\x -> x R.* x) xs))
}

module sums (N: numeric) = {
  def total [n] (xs: [n]N.t) : N.t = reduce (N.+) (N.i32 0) xs
  def prod [n] (xs: [n]N.t) : N.t = reduce (N.*) (N.i32 1) xs
}

module n32 = norms f32
module n64 = norms f64
module si = sums i32

def main (xs: []f32) (ys: []f64) (zs: []i32) =
  (n32.euclid xs, n64.euclid ys, si.total zs, si.prod zs)
