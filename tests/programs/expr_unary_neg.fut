-- Prefix - on every numeric type.
-- ==
-- input { 5i8 -7i64 1.5f32 2.0 }
-- output { -5i8 7i64 -1.5f32 -2.0 }
-- input { -128i8 0i64 0f32 -0.5 }
-- output { -128i8 0i64 0f32 0.5 }
def main (a: i8) (b: i64) (c: f32) (d: f64) = (-a, -b, -c, -d)
