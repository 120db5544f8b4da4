-- sized gives an array the size asked for, checked at run time.
-- ==
-- input { [1, 2, 3] 3i64 } output { [2, 3, 4] }
-- input { [1, 2, 3] 2i64 } error: .

def main (xs: []i32) (n: i64) : [n]i32 =
  map (+ 1) (sized n xs)
