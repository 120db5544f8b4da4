-- A polymorphic function used at several types.
-- ==
-- input { 1 2.5 true }
-- output { 1 2.5 true [1, 1] [2.5, 2.5] }
def pair_of 't (x: t) : [2]t = [x, x]
def first 't [n] (xs: [n]t) : t = xs[0]

def main (a: i32) (b: f64) (c: bool) =
  (first (pair_of a), first (pair_of b), first (pair_of c), pair_of a, pair_of b)
