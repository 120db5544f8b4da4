-- Nested instances of a polymorphic sum type share its payload slots.
-- ==
-- input { 3 } output { 3 }
-- input { 0 } output { -1 }

type either 'a 'b = #left a | #right b
type t = either bool (either (either i32 i32) i32)

def mk (x: i32) : t =
  if x > 0 then #right (#left (#left x)) else #left false

def main (x: i32) : i32 =
  match mk x
  case #right (#right y) -> y - 1
  case #right (#left (#left y)) -> y
  case #right (#left (#right y)) -> y + 1
  case #left _ -> -1
