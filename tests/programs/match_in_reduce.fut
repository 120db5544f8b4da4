-- A match inside a reduction's operator and inside a map.
-- ==
-- input { [1, 2, 3, 4] } output { 24 }

def main (xs: []i32) : i32 =
  reduce (\a b -> match (a, b)
                  case (1, y) -> y
                  case (x, 1) -> x
                  case (x, y) -> x * y) 1 xs
