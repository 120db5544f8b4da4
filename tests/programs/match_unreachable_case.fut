-- A case after an irrefutable one is unreachable; as in Futhark, that is
-- not an error, and the earlier case is taken.
-- ==
-- input { 4 } output { 4 }

type t = #x i32

def main (x: i32) : i32 =
  match #x x : t
  case #x y -> y
  case _ -> 123
