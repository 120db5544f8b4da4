-- Module types: ascription (members the module type does not name are
-- hidden), refinement with `with`, include, nested module specs,
-- polymorphic and sized value specs, and liftedness of abstract types.
-- ==
-- input { [1, 2, 3] }
-- output { 6 3 2 [2, 3, 4] 7 true }

module type container = {
  type^ t 'a
  val size 'a: t a -> i64
}

module type stack = {
  include container
  val push 'a: a -> t a -> t a
  val top 'a: t a -> a
}

module list_stack: stack with t 'a = [1]a = {
  type^ t 'a = [1]a
  def size 'a (_: t a) : i64 = 1
  def push 'a (x: a) (_: t a) : t a = [x]
  def top 'a (s: t a) : a = s[0]
}

module type summer = {
  module inner: { val total [n]: [n]i32 -> i32 }
  val count [n]: [n]i32 -> i64
  val apply_all [n]: (i32 -> i32) -> [n]i32 -> [n]i32
  val seven: i32
}

module S: summer = {
  module inner = { def total [n] (xs: [n]i32) = i32.sum xs  def unused = 0i32 }
  def count [n] (_: [n]i32) = n
  def apply_all [n] (f: i32 -> i32) (xs: [n]i32) = map f xs
  def seven = 7i32
}

def main (xs: []i32) =
  (S.inner.total xs, i32.i64 (S.count xs), list_stack.top (list_stack.push 2 [1]),
   S.apply_all (+1) xs, S.seven, list_stack.size [true] == 1)
