-- A constructor's type is inferred from its uses: the sum type is known
-- only where the value reaches a function's annotated parameter.
-- ==
-- input { 3 } output { 9 }
-- input { -3 } output { 0 }

type sign = #pos i32 | #nonpos

def sq (s: sign) : i32 =
  match s
  case #pos y -> y * y
  case #nonpos -> 0

def main (x: i32) : i32 =
  let v = if x > 0 then #pos x else #nonpos
  in sq v
