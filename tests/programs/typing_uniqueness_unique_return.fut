-- A function with a unique result may be updated by its caller.
-- ==
-- input { 4i64 }
-- output { [0i64, 1i64, 100i64, 3i64] }
def fresh (n: i64) : *[n]i64 = iota n

def main (n: i64) =
  let a = fresh n
  in a with [2] = 100
