-- A constructor whose payload is an array.
-- ==
-- input { [1, 2, 3] true } output { 6 }
-- input { [1, 2, 3] false } output { 42 }

type t = #arr []i32 | #one i32

def main (xs: []i32) (b: bool) : i32 =
  let v : t = if b then #arr xs else #one 42
  in match v
     case #arr ys -> i32.sum ys
     case #one y -> y
