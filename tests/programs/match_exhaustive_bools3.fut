-- Overlapping cases that together cover all eight combinations.
-- ==
-- input { true true true } output { 3 }
-- input { true false true } output { 5 }
-- input { false false false } output { 0 }

def main (a: bool) (b: bool) (c: bool) : i32 =
  match (a, b, c)
  case (false, false, false) -> 0
  case (false, false, true) -> 1
  case (false, true, false) -> 2
  case (_, true, true) -> 3
  case (true, _, false) -> 4
  case (true, false, true) -> 5
