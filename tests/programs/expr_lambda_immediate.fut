-- A lambda applied immediately.
-- ==
-- input { 4 }
-- output { 17 }
def main (x: i32) = (\a b -> a * b + 1) x x
