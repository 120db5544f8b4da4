-- scatter of sum-typed values into an array of sums.
-- ==
-- input { 4i64 [1i64, 3i64] [7, 9] } output { [0, 7, 0, 9] }

type opt = #none | #some i32

def main (n: i64) (is: []i64) (vs: []i32) : []i32 =
  let dest : *[n]opt = replicate n #none
  let out = scatter dest is (map (\v -> #some v) vs)
  in map (\o -> match o case #none -> 0 case #some x -> x) out
