-- Integer conversions: sign extension when widening, truncation when
-- narrowing.
-- ==
-- input { 300 -1 }
-- output { 44i8 300i64 -1i64 255u8 65535u16 18446744073709551615u64 }
def main (x: i32) (y: i32) = (i8.i32 x, i64.i32 x, i64.i32 y, u8.i32 y, u16.i32 y, u64.i32 y)
