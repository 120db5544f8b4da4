-- The result of an if aliases nothing that a branch consumed: here it is
-- either xs (left unconsumed in that branch) or a fresh array, and xs is
-- gone after the if either way, so the result is usable and updatable.
-- ==
-- input { 3i64 } output { [7i64, 1i64, 2i64] }
-- input { 0i64 } output { empty([0]i64) }

def reset (xs: *[]i64) : *[]i64 = xs with [0] = 7

def main (n: i64) : []i64 =
  let xs = iota n
  let ys = if n == 0 then xs else reset xs
  in ys
