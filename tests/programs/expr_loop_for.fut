-- loop with a for-counter.
-- ==
-- input { 5 }
-- output { 120 }
-- input { 0 }
-- output { 1 }
def main (n: i32) = loop acc = 1 for i < n do acc * (i + 1)
