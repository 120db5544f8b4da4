-- Hexadecimal integer literals, with either case of digits and prefix.
-- ==
-- input { 1 }
-- output { 256 2147483647 255u8 16i64 3735928559u32 171 }
-- input { -255 }
-- output { 0 2147483647 255u8 16i64 3735928559u32 171 }
def main (x: i32) = (0xff + x, 0x7FFFFFFF, 0xFFu8, 0x10i64, 0xdeadbeefu32, 0XaB)
