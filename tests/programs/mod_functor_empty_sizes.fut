-- Sizes carried by empty arrays through a parametric module (after
-- Futhark's functor31, with bool for its arrays of ()): the rows of an
-- empty literal take the sizes of the declared result type, given by a
-- parameter's fields (unit [s.0] [s.1]), with no run-time check.
-- ==
-- input { 3i64 4i64 1i64 2i64 } output { 2i64 8i64 }
-- input { 0i64 1i64 0i64 1i64 } output { 0i64 1i64 }

module fraction = {
  type t = (i64, i64)
  def sub (a, b) (c, d) : t = (a * d - b * c, b * d)
}

module SI (_v: {}) = {
  type unit [s] [s_d] = [0][s][s_d]bool

  def unit (s: fraction.t) : unit [s.0] [s.1] = []

  def div [s0] [s_d0] [s1] [s_d1] (_: unit [s0] [s_d0]) (_: unit [s1] [s_d1]) =
    unit (fraction.sub (s0, s_d0) (s1, s_d1))

  def of (a: i64) (b: i64) = unit (a, b)
}

module M = SI {}

def main (a: i64) (b: i64) (c: i64) (d: i64) =
  let [x][y] (_: [0][x][y]bool) = M.div (M.of a b) (M.of c d) in (x, y)
