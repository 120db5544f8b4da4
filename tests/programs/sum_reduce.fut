-- A reduction whose operator matches on a sum type (an option).
-- ==
-- input { [3i32, -1i32, 7i32, 2i32] } output { 7i32 }
-- input { [-1i32, -5i32] } output { -1i32 }
-- input { empty([0]i32) } output { -1i32 }

type opt = #none | #some i32

def best (a: opt) (b: opt): opt =
  match (a, b)
  case (#none, _) -> b
  case (_, #none) -> a
  case (#some x, #some y) -> #some (i32.max x y)

def main (xs: []i32) : i32 =
  let r = reduce best #none (map (\x -> if x >= 0 then #some x else #none) xs)
  in match r
     case #some x -> x
     case #none -> -1
