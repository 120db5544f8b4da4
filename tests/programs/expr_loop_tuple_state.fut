-- A loop whose state is a tuple: Fibonacci numbers.
-- ==
-- input { 10 }
-- output { 55 89 }
-- input { 0 }
-- output { 0 1 }
def main (n: i32) = loop (a, b) = (0, 1) for _i < n do (b, a + b)
