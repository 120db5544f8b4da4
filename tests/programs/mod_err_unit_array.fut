-- Futhark's functor31: arrays whose elements are () carry sizes in their
-- type only. fcc represents an array by its components' arrays, and ()
-- has none, so such an array is reported where it is made (it was an
-- internal compiler error, "unknown name s0", at the size parameter's
-- use); mod_functor_empty_sizes.fut is the same program with bool.
-- ==
-- error: an array literal of type .*: arrays of \(\), a type with no values, are not supported yet

module SI (_v: {}) = {
  type unit [s] [s_d] = [0][s][s_d]()

  def unit (s: (i64, i64)) : unit [s.0] [s.1] = []

  def div [s0] [s_d0] [s1] [s_d1] (_: unit [s0] [s_d0]) (_: unit [s1] [s_d1]) =
    unit (s0 * s_d1 - s1 * s_d0, s_d0 * s_d1)
}

module M = SI {}

def main (a: i64) (b: i64) =
  let [x][y] (_: [0][x][y]()) = M.div (M.unit (a, b)) (M.unit (b, a)) in (x, y)
