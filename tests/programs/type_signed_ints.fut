-- Every signed integer type passes through an entry point and supports
-- arithmetic in its own width.
-- ==
-- input { 100i8 1000i16 100000i32 10000000000i64 }
-- output { -56i8 2000i16 200000i32 20000000000i64 }
-- input { -64i8 -16384i16 -1073741824i32 -4611686018427387904i64 }
-- output { -128i8 -32768i16 -2147483648i32 -9223372036854775808i64 }
def main (a: i8) (b: i16) (c: i32) (d: i64) = (a + a, b + b, c + c, d + d)
