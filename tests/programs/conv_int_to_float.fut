-- Integer to float conversions, including unsigned and large values.
-- ==
-- input { -3 4294967295u32 16777217 }
-- output { -3.0 -3f32 4294967295.0 16777216f32 16777217.0 }
def main (a: i32) (b: u32) (c: i32) = (f64.i32 a, f32.i32 a, f64.u32 b, f32.i32 c, f64.i32 c)
