-- reduce with a tuple operator: the index of the maximum.
-- ==
-- input { [3, 7, 2, 7, 1] }
-- output { 7 1i64 }
-- input { [5] }
-- output { 5 0i64 }
def main [n] (xs: [n]i32) =
  let op (a: i32, i: i64) (b: i32, j: i64) =
    if a > b || (a == b && i < j) then (a, i) else (b, j)
  in reduce op (i32.lowest, -1) (zip xs (iota n))
