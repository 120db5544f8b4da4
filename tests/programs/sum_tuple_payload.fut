-- Constructor payloads that are tuples, matched with nested tuple
-- patterns.
-- ==
-- input { 2 3 } output { 6 }
-- input { 0 3 } output { 3 }

type t = #pair (i32, i32) | #single i32

def main (a: i32) (b: i32) : i32 =
  let v : t = if a == 0 then #single b else #pair (a, b)
  in match v
     case #pair (x, y) -> x * y
     case #single x -> x
