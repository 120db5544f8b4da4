-- Imports: a file imported as a module (module s = import), open import,
-- a library importing a sibling folder's file with .., and a library
-- imported twice (directly and through another import) elaborated once.
-- ==
-- input { [1f64, 2f64, 3f64, 4f64] }
-- output { 2.5f64 1.25f64 24f64 10 }

module s = import "modlang/sub/stats"
open import "modlang/monoid"

module st = s.stats f64
module sum_i32 = fold add_i32

def main (xs: []f64) =
  (st.mean xs, st.variance xs, s.product.sum xs, sum_i32.sum [1, 2, 3, 4])
