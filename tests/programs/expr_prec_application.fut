-- Function application binds tighter than every infix operator.
-- ==
-- input { 3 }
-- output { 10 -4 16 }
def inc (x: i32) = x + 1

def main (x: i32) =
  ( inc x + inc x + 2  -- 4 + 4 + 2
  , -inc x             -- -(inc x)
  , inc x * inc x      -- 4 * 4
  )
