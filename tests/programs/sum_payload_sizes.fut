-- Branches giving one sum type whose array payloads have different sizes.
-- ==
-- input { true 5i64 } output { 3i64 }
-- input { false 5i64 } output { 10i64 }
-- input { false 0i64 } output { -1i64 }

type opt 't = #some t | #none

def main (c: bool) (k: i64) : i64 =
  let v : opt ([]i64) = if c then #some (iota 3) else if k > 0 then #some (iota k) else #none
  in match v
     case #some xs -> i64.sum xs
     case #none -> -1
