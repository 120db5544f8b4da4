-- Converting from unsigned types zero-extends.
-- ==
-- input { 255u8 4294967295u32 }
-- output { 255 -1i8 4294967295i64 -1 255u16 }
def main (a: u8) (b: u32) = (i32.u8 a, i8.u8 a, i64.u32 b, i32.u32 b, u16.u8 a)
