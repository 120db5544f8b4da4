-- Deeply parenthesised expressions.
-- ==
-- input { 2 }
-- output { 42 }
def main (x: i32) = ((((x + 1)) * ((x * (x + 5)))) / (((x)))) * 2
