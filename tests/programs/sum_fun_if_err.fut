-- A sum type holding a function may not be returned from an if, as a
-- function may not.
-- ==
-- error: a function cannot be returned from branches of an if

type^ t = #f (i32 -> i32) | #g

def main (b: bool) (x: i32) : i32 =
  let v : t = if b then #f (+1) else #g
  in match v
     case #f f -> f x
     case #g -> x
