-- A constructor's type is inferred from its uses, without annotations.
-- ==
-- input { 3 } output { 9 }
-- input { -3 } output { 0 }

def main (x: i32) : i32 =
  let v = if x > 0 then #pos x else #nonpos
  in match v
     case #pos y -> y * y
     case #nonpos -> 0
