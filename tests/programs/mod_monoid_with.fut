-- Monoids as modules: two base monoids ascribed with `with t = ...`, a
-- functor of two parameters building their product, and a functor giving
-- reductions and scans over any monoid, applied to all three.
-- ==
-- input { [5] [2.5f64] }
-- output { 5 [5] 5 2.5f64 }
-- input { [1, 2, 3] [0.5f64, -1.0f64, 0.25f64] }
-- output { 6 [1, 3, 6] 6 0.5f64 }
-- input { [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8] [1.0f64, 0.54030230586813977f64, -0.41614683654714241f64, -0.98999249660044542f64, -0.65364362086361194f64, 0.28366218546322625f64, 0.96017028665036597f64, 0.7539022543433046f64, -0.14550003380861354f64, -0.91113026188467694f64, -0.83907152907645244f64, 0.0044256979880507854f64] }
-- output { 30 [-3, -5, -6, -6, -5, -3, 0, 4, 9, 15, 22, 30] 30 1.0f64 }

module type monoid = {
  type t
  val ne: t
  val op: t -> t -> t
}

module sum_i32 : monoid with t = i32 = {
  type t = i32
  def ne : t = 0
  def op (x: t) (y: t) : t = x + y
}

module max_f64 : monoid with t = f64 = {
  type t = f64
  def ne : t = f64.lowest
  def op (x: t) (y: t) : t = f64.max x y
}

module product (A: monoid) (B: monoid) : monoid with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def ne : t = (A.ne, B.ne)
  def op ((a, b): t) ((c, d): t) : t = (A.op a c, B.op b d)
}

module folds (M: monoid) = {
  def fold [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
  def prefix [n] (xs: [n]M.t) : [n]M.t = scan M.op M.ne xs
}

module both = product sum_i32 max_f64
module fold_sum = folds sum_i32
module fold_both = folds both

def main [n] (xs: [n]i32) (ys: [n]f64) : (i32, [n]i32, i32, f64) =
  let (s, m) = fold_both.fold (zip xs ys)
  in (fold_sum.fold xs, fold_sum.prefix xs, s, m)
