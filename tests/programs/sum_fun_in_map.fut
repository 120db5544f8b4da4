-- A constructor with a function payload built inside a map's lambda.
-- ==
-- input { [1, 2, 3] [true, false, true] } output { [2, 4, 4] }

type^ f = #f (i32 -> i32) | #g i32

def use (v: f) (x: i32) : i32 =
  match v
  case #f h -> h x
  case #g k -> k

def main (xs: []i32) (bs: []bool) =
  map2 (\x b -> if b then use (#f (+1)) x else use (#g 4) x) xs bs
