-- A lambda with a declared sum result type; constructors passed straight
-- to functions.
-- ==
-- input { [1, 2] } output { [1, 4] 9 }

type sq = #sq i32

def unsq (s: sq) : i32 = match s
                         case #sq x -> x * x

def main (xs: []i32) : ([]i32, i32) =
  (map (\x : sq -> #sq x) xs |> map unsq, unsq (#sq 3))
