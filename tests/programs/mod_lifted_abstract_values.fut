-- A lifted abstract type is a function in one module and a number in
-- another; a constant defined by an operator section takes i32, as a
-- literal would (after Futhark's hof7).
-- ==
-- input { 3 } output { 5 4 }
-- input { -1 } output { 1 0 }

module type has_t = {
  type^ t
  val v : t
  val ap : t -> i32 -> i32
}

module m1 : has_t = {
  type^ t = i32 -> i32
  def v = (+ 2)
  def ap f x = f x
}

module m2 : has_t = {
  type t = i32
  def v = 1
  def ap = (+)
}

def main (x: i32) = (m1.ap m1.v x, m2.ap m2.v x)
