-- Backtick operators bind more loosely than the arithmetic operators,
-- and associate to the left.
-- ==
-- input { 2 3 }
-- output { 8 -4 }
def mul (a: i32) (b: i32) = a * b
def sub (a: i32) (b: i32) = a - b

def main (x: i32) (y: i32) =
  ( x `mul` y + 1       -- x * (y + 1)
  , x `sub` y `sub` x + 1 -- (x - y) - (x + 1)
  )
