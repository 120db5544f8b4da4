-- Statistics over any real type: imports a sibling folder's file with ..
-- and is imported as a module (module s = import ...).

import "../monoid"

module stats (R: real) = {
  def mean [n] (xs: [n]R.t) : R.t = R.sum xs R./ R.i64 n
  def variance [n] (xs: [n]R.t) : R.t =
    let m = mean xs
    in R.sum (map (\x -> (x R.- m) R.* (x R.- m)) xs) R./ R.i64 n
}

module product = fold mul_f64
