-- A parameter used as an infix operator before anything says it is a
-- function (`op` in diku-dk/sorts's radix_sort and athas/vector's
-- cat_vector): the use makes it a function of two arguments.
-- ==
-- input { 1i32 2i32 } output { 3i32 3i32 -1i32 1i32 }
-- input { 5i32 -2i32 } output { 3i32 3i32 7i32 -7i32 }

def pairwise op (a1, b1) (a2, b2) = (a1 `op` a2, b1 `op` b2)

module pair (X: {type t val f: t -> t -> t}) = {
  def both (x: X.t) (y: X.t) = let g f a b = a `f` b in (g X.f x y, g X.f y x)
}

module add = pair {type t = i32 def f (a: i32) (b: i32) = a + b}

def main (x: i32) (y: i32) =
  let (s, t) = add.both x y
  let (u, v) = pairwise (-) (x, y) (y, x)
  in (s, t, u, v)
