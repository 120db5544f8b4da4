-- hist counts occurrences into k bins.
-- ==
-- input { [0i64, 2i64, 2i64, 1i64, 2i64, 5i64] }
-- output { [1, 1, 3] }
def main [n] (is: [n]i64) = hist (+) 0 3 is (replicate n 1)
