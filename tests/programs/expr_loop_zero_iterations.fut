-- Loops that run zero times return their initial state.
-- ==
-- input { 0 }
-- output { 42 7 }
def main (n: i32) =
  ( loop x = 42 for _i < n do x + 1
  , loop y = 7 while y < n do y + 1
  )
