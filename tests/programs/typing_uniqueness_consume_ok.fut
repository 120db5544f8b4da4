-- Consuming a unique array and using only the result is fine.
-- ==
-- input { 3i64 }
-- output { [5, 0, 7] }
def main (n: i64) =
  let a = replicate n 0
  let b = a with [0] = 5
  let c = b with [n - 1] = 7
  in c
