-- Size expressions in return types: [n+1].
-- ==
-- input { [1, 2, 3] 4 }
-- output { [1, 2, 3, 4] 4i64 }
-- input { empty([0]i32) 7 }
-- output { [7] 1i64 }
def snoc [n] (xs: [n]i32) (x: i32) : [n + 1]i32 = xs ++ [x]

def main [n] (xs: [n]i32) (x: i32) =
  let ys = snoc xs x
  in (ys, length ys)
