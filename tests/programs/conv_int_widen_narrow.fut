-- Integer conversions: sign extension when widening a signed value to a
-- signed type, zero extension to an unsigned one (u64.i32 (-1) is
-- 4294967295, as Futhark's prelude defines it), truncation when
-- narrowing.
-- ==
-- input { 300 -1 }
-- output { 44i8 300i64 -1i64 255u8 65535u16 4294967295u64 }
def main (x: i32) (y: i32) = (i8.i32 x, i64.i32 x, i64.i32 y, u8.i32 y, u16.i32 y, u64.i32 y)
