-- Conversions between float types round to the nearest representable
-- value.
-- ==
-- input { 0.1 1.5f32 }
-- output { 0.1f32 1.5 true }
def main (x: f64) (y: f32) = (f32.f64 x, f64.f32 y, f64.f32 (f32.f64 x) != x)
