-- A unique sum is consumed twice.
type t = #some ([2]i32) | #none

def consume (x: *t) : *[2]i32 =
  match x
  case #some arr -> arr with [0] = 1
  case _ -> [0, 0]

entry main (x: *t) : ([2]i32, [2]i32) =
  let a = consume x
  let b = consume x
  in (a, b)
