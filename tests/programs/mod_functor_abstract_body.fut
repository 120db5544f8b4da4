-- A parametric module whose body uses only what its parameter's module
-- type says (abstract t, its operations) checks at its definition and
-- runs for each argument.
-- ==
-- input { [1, 2, 3, 4] } output { 10 24 20.0f32 }

module type monoid = {
  type t
  val ne: t
  val op: t -> t -> t
}

module fold (M: monoid) = {
  def all [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
  def twice (x: M.t) : M.t = M.op x x
}

module add = fold { type t = i32 def ne = 0i32 def op (a: i32) (b: i32) = a + b }
module mul = fold { type t = i32 def ne = 1i32 def op (a: i32) (b: i32) = a * b }
module addf = fold { type t = f32 def ne = 0f32 def op (a: f32) (b: f32) = a + b }

def main (xs: []i32) = (add.all xs, mul.all xs, addf.twice (addf.all (map f32.i32 xs)))
