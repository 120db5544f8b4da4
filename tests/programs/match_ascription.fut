-- Patterns with type ascriptions in match cases.
-- ==
-- input { 4 } output { 5 }

def main (x: i32) : i32 =
  match (x, true)
  case ((y: i32), false) -> y
  case (y: i32, _) -> y + 1
