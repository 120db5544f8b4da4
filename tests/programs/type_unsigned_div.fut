-- Unsigned division and remainder treat operands as unsigned.
-- ==
-- input { 250u8 7u8 }
-- output { 35u8 5u8 35u8 5u8 }
-- input { 255u8 16u8 }
-- output { 15u8 15u8 15u8 15u8 }
-- input { 128u8 255u8 }
-- output { 0u8 128u8 0u8 128u8 }
def main (a: u8) (b: u8) = (a / b, a % b, a // b, a %% b)
