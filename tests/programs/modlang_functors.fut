-- Parametric modules from an imported library: one and two parameters,
-- partial application, a higher-order functor and an anonymous one.
-- ==
-- input { [1, 2, 3, 4] [0.5f64, 4f64, 2f64] }
-- output { 10 [1, 3, 6, 10] 4.0f64 10 4.0f64 16 12 }

import "modlang/monoid"

module sum_i32 = fold add_i32
module prod = fold mul_f64
module both = pair add_i32 mul_f64
module fold_both = fold both

-- Partial application: pair_with_add is still a functor.
module pair_with_add = pair add_i32
module fold_pair2 = fold (pair_with_add add_i32)

module type value = { val v: i32 }

-- A higher-order functor: applies F twice.
module twice (F: (X: value) -> value) (A: value) = F (F A)
module double = \(X: value) -> { def v = X.v * 2 }
module four = twice double { def v = 4i32 }

def main (xs: []i32) (ys: []f64) =
  let (s, p) = fold_both.sum (zip (map (+0) xs[:3]) ys)
  let (a, b) = fold_pair2.sum (zip xs xs)
  in (sum_i32.sum xs, sum_i32.prefix xs, prod.sum ys, a, p, four.v, s + b - a + 6)
