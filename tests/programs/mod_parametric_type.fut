-- A module type with a parametric abstract type (type pair 'a), two
-- modules implementing it with different representations (a tuple and a
-- record), and a functor using only the interface.
-- ==
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) 3.0f64 }
-- input { [5] [2] }
-- output { [2] [5] [2] [5] 3.0f64 }
-- input { [1, 9, -3, 4] [2, 8, -3, -4] }
-- output { [1, 8, -3, -4] [2, 9, -3, 4] [1, 8, -3, -4] [2, 9, -3, 4] 3.0f64 }

module type pair = {
  type pair 'a
  val mk 'a: a -> a -> pair a
  val first 'a: pair a -> a
  val second 'a: pair a -> a
  val swap 'a: pair a -> pair a
}

module tuple_pair : pair = {
  type pair 'a = (a, a)
  def mk 'a (x: a) (y: a) : pair a = (x, y)
  def first 'a ((x, _): pair a) : a = x
  def second 'a ((_, y): pair a) : a = y
  def swap 'a ((x, y): pair a) : pair a = (y, x)
}

module record_pair : pair = {
  type pair 'a = {l: a, r: a}
  def mk 'a (x: a) (y: a) : pair a = {l = x, r = y}
  def first 'a (p: pair a) : a = p.l
  def second 'a (p: pair a) : a = p.r
  def swap 'a (p: pair a) : pair a = {l = p.r, r = p.l}
}

module ops (P: pair) = {
  -- Both orders of every pair, as two arrays.
  def ordered [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
    let ps = map2 P.mk xs ys
    let ps = map (\p -> if P.first p > P.second p then P.swap p else p) ps
    in (map P.first ps, map P.second ps)
  def flip_f64 (x: f64) (y: f64) : f64 = P.first (P.swap (P.mk x y))
}

module t = ops tuple_pair
module r = ops record_pair

def main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32, [n]i32, [n]i32, f64) =
  let (a, b) = t.ordered xs ys
  let (c, d) = r.ordered xs ys
  in (a, b, c, d, t.flip_f64 1.5 2.5 + r.flip_f64 0.25 0.5)
