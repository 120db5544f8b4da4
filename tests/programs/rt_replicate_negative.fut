-- replicate with a negative size fails at run time.
-- ==
-- input { 2i64 }
-- output { [true, true] }
-- input { -2i64 }
-- error: .
def main (n: i64) = replicate n true
