-- Monoids and a functor reducing with one (a library for the modlang_*
-- programs; it has no test block of its own).

module type monoid = {
  type t
  val op: t -> t -> t
  val ne: t
}

module add_i32: monoid with t = i32 = {
  type t = i32
  def op (x: i32) (y: i32) = x + y
  def ne = 0i32
}

module mul_f64: monoid with t = f64 = {
  type t = f64
  def op (x: f64) (y: f64) = x * y
  def ne = 1f64
}

-- The pair of two monoids is a monoid.
module pair (A: monoid) (B: monoid): monoid with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def op (a: t) (b: t) = (A.op a.0 b.0, B.op a.1 b.1)
  def ne = (A.ne, B.ne)
}

module fold (M: monoid) = {
  def sum [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
  def prefix [n] (xs: [n]M.t) : [n]M.t = scan M.op M.ne xs
}
