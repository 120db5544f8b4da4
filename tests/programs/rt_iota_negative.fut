-- iota of a negative size fails at run time.
-- ==
-- input { 3i64 }
-- output { [0i64, 1i64, 2i64] }
-- input { -1i64 }
-- error: .
def main (n: i64) = iota n
