-- The result of a call does not alias the arguments it consumes (they
-- are gone), as in Futhark: x is usable after f consumed a.
-- ==
-- input { 3i64 } output { [1.0, 2.0] [0i64, 7i64, 2i64] }
def f (b: *[]i64) : []f64 = [1.0, f64.i64 (length b) - 1.0]
def g (b: *[]i64) : *[]i64 = b with [1] = 7
def main (n: i64) =
  let a = iota n
  let x = f a
  let c = g (iota n)
  in (x, c)
