-- Integer literal patterns, with a negative literal and a catch-all.
-- ==
-- input { [0, 1, -1, 5, 2] } output { [10, 20, 30, 0, 40] }

def f (x: i32) : i32 =
  match x
  case 0 -> 10
  case 1 -> 20
  case -1 -> 30
  case 2 -> 40
  case _ -> 0

def main (xs: []i32) : []i32 = map f xs
