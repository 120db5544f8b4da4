-- Functions stored in records and tuples (but not arrays).
-- ==
-- input { 6 }
-- output { 7 12 5 }
def main (x: i32) =
  let ops = {inc = \y -> y + 1, dbl = \y -> y * 2}
  let t = (\y -> y - 1, 0)
  in (ops.inc x, ops.dbl x, t.0 x)
