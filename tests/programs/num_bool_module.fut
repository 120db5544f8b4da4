-- Conversions to and from bool.
-- ==
-- input { 0 2.5 }
-- output { false true 1 0.0 1u8 true }
-- input { -3 0.0 }
-- output { true false 1 0.0 1u8 true }
def main (x: i32) (y: f64) =
  (bool.i32 x, bool.f64 y, i32.bool true, f64.bool false, u8.bool (x == x), bool.bool true)
