-- % by zero fails at run time.
-- ==
-- input { 7i64 0i64 }
-- error: (?i)division by zero
-- input { 7i64 4i64 }
-- output { 3i64 }
def main (x: i64) (y: i64) = x % y
