-- A parameter of a unique sum type (*t) may be consumed: its payload
-- arrays are unique (Futhark's tests/sumtypes/sumtype23).
-- ==
-- input { true [1, 2, 3] } output { [9, 2, 3] }
-- input { false [1, 2, 3] } output { [1, 2, 9] }

type sum = #foo ([]i32) | #bar ([]i32)

def take (v: *sum) : *[]i32 =
  match v
  case #foo arr -> arr with [0] = 9
  case #bar arr -> arr with [2] = 9

def main (b: bool) (xs: *[]i32) : []i32 =
  take (if b then #foo xs else #bar xs)
