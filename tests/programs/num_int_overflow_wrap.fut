-- Signed integer arithmetic wraps around.
-- ==
-- input { 127i8 32767i16 2147483647 9223372036854775807i64 }
-- output { -128i8 -32768i16 -2147483648 -9223372036854775808i64 -2i8 1 }
def main (a: i8) (b: i16) (c: i32) (d: i64) = (a + 1, b + 1, c + 1, d + 1, a * 2, c * c)
