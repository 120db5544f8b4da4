-- Futhark's functor31: arrays whose elements are () carry sizes in their
-- type only. fcc represents such an array by a bool array of its shape
-- (its values do not matter), so its sizes pass through functions and
-- size patterns; mod_functor_empty_sizes.fut is the same program with
-- bool.
-- ==
-- input { 3i64 2i64 } output { 5i64 6i64 }
-- input { 4i64 1i64 } output { 15i64 4i64 }

module SI (_v: {}) = {
  type unit [s] [s_d] = [0][s][s_d]()

  def unit (s: (i64, i64)) : unit [s.0] [s.1] = []

  def div [s0] [s_d0] [s1] [s_d1] (_: unit [s0] [s_d0]) (_: unit [s1] [s_d1]) =
    unit (s0 * s_d1 - s1 * s_d0, s_d0 * s_d1)
}

module M = SI {}

def main (a: i64) (b: i64) =
  let [x][y] (_: [0][x][y]()) = M.div (M.unit (a, b)) (M.unit (b, a)) in (x, y)
