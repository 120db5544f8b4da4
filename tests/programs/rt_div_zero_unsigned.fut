-- Unsigned division by zero fails at run time.
-- ==
-- input { 200u8 0u8 }
-- error: (?i)division by zero
-- input { 200u8 3u8 }
-- output { 66u8 }
def main (x: u8) (y: u8) = x / y
