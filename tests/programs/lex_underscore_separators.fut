-- Underscores may separate the digits of integer and float literals.
-- ==
-- input { 1i64 }
-- output { 1000001i64 10 3000.5 65535u16 5u8 }
def main (x: i64) = (1_000_000i64 + x, 1_0, 3_000.5, 0xFF_FFu16, 0b1_01u8)
