-- popc, clz and ctz on 64-bit integers.
-- ==
-- input { 1099511627776i64 }
-- output { 1 23 40 }
-- input { -9223372036854775808i64 }
-- output { 1 0 63 }
def main (x: i64) = (i64.popc x, i64.clz x, i64.ctz x)
