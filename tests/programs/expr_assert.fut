-- assert passes its value through when the condition holds and fails
-- at run time otherwise.
-- ==
-- input { 4 }
-- output { 2 }
-- input { -4 }
-- error: (?i)assert
def main (x: i32) = assert (x >= 0) (x / 2)
