-- The counter of a for loop has the type of its bound.
-- ==
-- input { 4i64 }
-- output { 6i64 }
def main (n: i64) = loop s = 0i64 for i < n do s + i
