-- Type ascription e : t fixes the type of overloaded literals.
-- ==
-- input { }
-- output { 5i64 2.5f32 255u8 -1i8 }
def main = ((2 + 3) : i64, (1.25 * 2) : f32, 255 : u8, (0 - 1) : i8)
