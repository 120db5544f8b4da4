-- min, max, abs and sgn on unsigned integers compare as unsigned.
-- ==
-- input { 200u8 100u8 }
-- output { 100u8 200u8 200u8 1u8 }
-- input { 0u8 255u8 }
-- output { 0u8 255u8 0u8 0u8 }
def main (a: u8) (b: u8) = (u8.min a b, u8.max a b, u8.abs a, u8.sgn a)
