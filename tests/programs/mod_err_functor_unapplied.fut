-- A parametric module's body is checked where it is defined, with its
-- parameter's abstract type abstract, even if it is never applied: the
-- parameter's t is not a number.
-- ==
-- error: must be a numeric type.*cannot be P.t

module type elem = {
  type t
  val zero: t
}

module sum_of (P: elem) = {
  def total [n] (xs: [n]P.t) : P.t = reduce (+) P.zero xs
}

def main (x: i32) = x + 1
