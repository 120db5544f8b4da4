-- Documentation comments before declarations are accepted.
-- ==
-- input { 4 }
-- output { 9 }

-- | Doubles its argument.
-- This documentation spans two lines.
def double (x: i32) = x * 2

-- | The entry point.
def main (x: i32) = double x + 1
