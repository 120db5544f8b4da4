-- Literal patterns inside constructor payloads, in a map.
-- ==
-- input { [0, 1, 2, 3] } output { [100, 200, 2, 3] }

type t = #k i32

def main (xs: []i32) : []i32 =
  map (\x -> match #k x : t
             case #k 0 -> 100
             case #k 1 -> 200
             case #k y -> y) xs
