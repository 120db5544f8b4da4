-- Left and right sections of a non-commutative operator differ.
-- ==
-- input { 3 }
-- output { 33 1 true false }
def main (x: i32) =
  let f = (10 * x +)
  let g = (% 2)
  let h = (< 5)
  let k = (5 <)
  in (f x, g x, h x, k x)
