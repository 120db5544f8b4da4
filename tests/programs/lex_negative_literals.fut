-- Prefix minus on literals and expressions.
-- ==
-- input { 7 }
-- output { -1 6 -7 2 -3 }
def main (x: i32) = (-1, x - 1, -x, -(x - 9), - 3)
