-- A polymorphic option combined with reduce: whether any element exists.
-- ==
-- input { [0, -1, 3, 4, -2] } output { 1 }
-- input { empty([0]i32) } output { 0 }

type opt 'a = #some a | #none

def opt 'a 'b (b: b) (f: a -> b) (x: opt a) : b =
  match x
  case #some x' -> f x'
  case #none -> b

def main (xs: []i32) : i32 =
  let first (x: opt i32) (y: opt i32) : opt i32 = opt y (\x' -> #some x') x
  in match reduce first #none (map (\x -> #some x) xs)
     case #none -> 0
     case #some _ -> 1
