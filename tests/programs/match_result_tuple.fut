-- A match whose cases return tuples.
-- ==
-- input { 1 } output { 1 true }
-- input { 2 } output { 4 false }

def main (x: i32) : (i32, bool) =
  match x
  case 1 -> (1, true)
  case n -> (n * n, false)
