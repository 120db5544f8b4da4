-- A hole of function type is a function whose application is a hole of
-- its result type; unapplied, or applied only where it is not reached, it
-- does no harm.
-- ==
-- input { [1, 2] 3 } output { [1, 2] 3 }
-- input { [1, 2] -1 } error: Reached hole of type: i32
-- input { empty([0]i32) 5 } output { empty([0]i32) 5 }

def f : i32 -> i32 -> i32 = ???

def main (xs: []i32) (x: i32) =
  let ys = if length xs > 5 then map (???) xs else xs
  in (ys, if x > 0 then x else f x 2)
