-- >> on unsigned integers is a logical shift.
-- ==
-- input { 240u8 4u8 }
-- output { 0u8 15u8 }
-- input { 255u8 7u8 }
-- output { 128u8 1u8 }
def main (a: u8) (b: u8) = (a << b, a >> b)
