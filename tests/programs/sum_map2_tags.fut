-- map2 over two arrays of sums, matching on the pair.
-- ==
-- input { [1, 0, 3] [0, 2, 4] } output { [1, 2, 7] }

type opt = #none | #some i32

def toopt (x: i32) : opt = if x == 0 then #none else #some x

def main (xs: []i32) (ys: []i32) : []i32 =
  map2 (\a b -> match (a, b)
                case (#some x, #some y) -> x + y
                case (#some x, #none) -> x
                case (#none, #some y) -> y
                case (#none, #none) -> 0)
       (map toopt xs) (map toopt ys)
