-- Conversions between bool and numbers.
-- ==
-- input { true false }
-- output { 1 0i64 1.0f32 0.0 true false }
def main (a: bool) (b: bool) = (i32.bool a, i64.bool b, f32.bool a, f64.bool b, bool.i64 7, bool.u8 0)
