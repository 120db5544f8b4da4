-- The to_i64 and to_f64 module functions.
-- ==
-- input { -5i8 3.75f32 }
-- output { -5i64 3i64 3.75 }
def main (a: i8) (b: f32) = (i8.to_i64 a, f32.to_i64 b, f32.to_f64 b)
