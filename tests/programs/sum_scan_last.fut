-- A scan over optional values: the last value seen so far.
-- ==
-- input { [0, 3, 0, 0, 5, 0] } output { [-1, 3, 3, 3, 5, 5] }

type opt = #none | #some i32

def last_of (a: opt) (b: opt) : opt =
  match b
  case #none -> a
  case #some _ -> b

def main (xs: []i32) : []i32 =
  map (\o -> match o case #none -> -1 case #some x -> x)
      (scan last_of #none (map (\x -> if x == 0 then #none else #some x) xs))
