-- replicate, of scalars and of arrays.
-- ==
-- input { 3i64 7 }
-- output { [7, 7, 7] [[7, 8], [7, 8], [7, 8]] }
-- input { 0i64 7 }
-- output { empty([0]i32) empty([0][2]i32) }
def main (n: i64) (x: i32) = (replicate n x, replicate n [x, x + 1])
