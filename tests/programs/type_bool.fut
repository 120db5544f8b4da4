-- Booleans: logical operators, equality and arrays of booleans.
-- ==
-- input { [true, false, true] }
-- output { [false, true, false] false true true }
-- input { [true] }
-- output { [false] true true false }
def main (bs: []bool) =
  ( map (\b -> !b) bs
  , reduce (&&) true bs
  , reduce (||) false bs
  , bs[0] != (length bs == 1)
  )
