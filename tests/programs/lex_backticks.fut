-- Any function of two arguments, qualified names included, may be used
-- infix with backticks.
-- ==
-- input { 1 2 }
-- output { 7 2 1 }
-- input { 5 -3 }
-- output { -4 5 -3 }
def add3 (a: i32) (b: i32) = a + 3 * b

def main (x: i32) (y: i32) = (x `add3` y, x `i32.max` y, x `i32.min` y)
