-- Float to integer conversion truncates towards zero.
-- ==
-- input { 2.7 -2.7 }
-- output { 2 -2 2i64 -2i64 2u8 -2i8 }
def main (x: f64) (y: f64) = (i32.f64 x, i32.f64 y, i64.f64 x, i64.f64 y, u8.f64 x, i8.f64 y)
