-- The payload of a unique sum parameter may be consumed by the match
-- that binds it.
-- ==
-- input { true [1, 2, 3] } output { [0, 2, 3] }
-- input { false [1, 2, 3] } output { [1, 2, 3] }

type sum = #foo (*[]i32) | #bar (*[]i32)

def f (v: *sum) : *[]i32 =
  match v
  case #foo xs -> xs with [0] = 0
  case #bar xs -> xs

def main (b: bool) (xs: *[]i32) : *[]i32 =
  f (if b then #foo xs else #bar xs)
