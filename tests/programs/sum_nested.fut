-- Nested constructors and nested constructor patterns.
-- ==
-- input { 0 } output { 1 }
-- input { 1 } output { 7 }
-- input { 2 } output { 3 }
-- input { 3 } output { -1 }

type inner = #a | #b i32
type outer = #wrap inner | #pair i32 i32 | #nothing

def mk (i: i32) : outer =
  if i == 0 then #wrap #a
  else if i == 1 then #wrap (#b 7)
  else if i == 2 then #pair 1 2
  else #nothing

def main (i: i32) : i32 =
  match mk i
  case #wrap #a -> 1
  case #wrap (#b x) -> x
  case #pair x y -> x + y
  case #nothing -> -1
