-- A tuple parameter with a unique component consumes that component of
-- its argument (and what it aliases).
-- ==
-- error: :11:10: error: Using variable "xs", but this was consumed at 10:16

def set (arr: *[]i64, i: i64) : i64 = let arr[i] = 0 in arr[i]

def main (n: i64) : i64 =
  let xs = iota n
  let r = set (xs, 1)
  in r + xs[0]
