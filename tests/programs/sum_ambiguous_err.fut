-- A constructor whose sum type is never given is ambiguous, as in
-- Futhark.
-- ==
-- error: Type is ambiguous \(must be a sum type with constructors: #nonpos \| #pos i32\)

def main (x: i32) : i32 =
  let v = if x > 0 then #pos x else #nonpos
  in match v
     case #pos y -> y * y
     case #nonpos -> 0
