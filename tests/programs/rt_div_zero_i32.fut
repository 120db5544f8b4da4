-- Integer division by zero fails at run time.
-- ==
-- input { 7 0 }
-- error: (?i)division by zero
-- input { 7 2 }
-- output { 3 }
def main (x: i32) (y: i32) = x / y
