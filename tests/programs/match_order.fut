-- The first matching case wins when cases overlap.
-- ==
-- input { [0, 1, 2] } output { [1, 2, 3] }

type t = #n i32

def main (xs: []i32) : []i32 =
  map (\x -> match (#n x) : t
             case #n 0 -> 1
             case #n 1 -> 2
             case #n _ -> 3) xs
