-- iterate applies a function a given number of times.
-- ==
-- input { 5 1 }
-- output { 32 }
-- input { 0 9 }
-- output { 9 }
def main (n: i32) (x: i32) = iterate n (*2) x
