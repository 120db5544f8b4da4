-- `f [x]` applies f to an array literal; `a[x]` (no space) indexes a.
-- ==
-- input { 7 1i64 }
-- output { 1i64 7 21 }
def count (xs: []i32) : i64 = length xs
def total (xs: []i32) : i32 = reduce (+) 0 xs

def main (x: i32) (i: i64) =
  let a = [x - 1, x, x + 1]
  in (count [x], a[i], total [x, x, x])
