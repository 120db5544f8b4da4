-- A scan whose operator works on a sum type: additions that a reset
-- cancels (an associative operator with neutral element #add 0).
-- ==
-- input { [1, 2, -1, 4, 5, -1, 7] } output { [1, 3, 0, 4, 9, 0, 7] }

type op = #add i32 | #reset i32

def comb (a: op) (b: op) : op =
  match (a, b)
  case (_, #reset y) -> #reset y
  case (#add x, #add y) -> #add (x + y)
  case (#reset x, #add y) -> #reset (x + y)

def value_of (o: op) : i32 =
  match o
  case #add x -> x
  case #reset x -> x

def main (xs: []i32) : []i32 =
  map value_of (scan comb (#add 0) (map (\x -> if x < 0 then #reset 0 else #add x) xs))
