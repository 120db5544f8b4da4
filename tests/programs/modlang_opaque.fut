-- Abstract types are opaque outside their module: values of them are made
-- and taken apart only by the module's functions, also inside arrays,
-- tuples, records and function arguments. A parametric module's result
-- ascribed with an abstract type gives a fresh abstract type per
-- application.
-- ==
-- input { [3, 1, 2] }
-- output { 6 [4, 2, 3] 3 true 2 }

module type counter = {
  type t
  val zero: t
  val incr: t -> t
  val add: (t, t) -> t
  val value: t -> i32
  val all [n]: [n]i32 -> [n]t
  val summary [n]: [n]t -> {total: t, count: i64}
  val twice: (t -> t) -> t -> t
}

module C: counter = {
  type t = i32
  def zero = 0i32
  def incr (x: i32) = x + 1
  def add (x: i32, y: i32) = x + y
  def value (x: i32) = x
  def all [n] (xs: [n]i32) = xs
  def summary [n] (xs: [n]t) = {total = i32.sum xs, count = n}
  def twice (f: t -> t) (x: t) = f (f x)
}

module type box = {
  type b
  val wrap: i32 -> b
  val unwrap: b -> i32
}

module boxed (X: { val k: i32 }): box = {
  type b = i32
  def wrap (x: i32) = x + X.k
  def unwrap (x: b) = x - X.k
}

module B1 = boxed { def k = 1i32 }
module B2 = boxed { def k = 2i32 }

def main (xs: []i32) =
  let s = C.summary (C.all xs)
  in (C.value s.total,
      map (\x -> C.value (C.incr x)) (C.all xs),
      C.value (C.twice C.incr (C.add (C.zero, C.incr C.zero))),
      s.count == 3,
      B1.unwrap (B1.wrap 2) + B2.unwrap (B2.wrap 0))
