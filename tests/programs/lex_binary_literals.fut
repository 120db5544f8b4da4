-- Binary integer literals.
-- ==
-- input { 0 }
-- output { 10 240u8 1i64 0 127i8 }
-- input { 5 }
-- output { 15 240u8 1i64 0 127i8 }
def main (x: i32) = (0b1010 + x, 0b11110000u8, 0b1i64, 0b0, 0b1111111i8)
