-- copysign.
-- ==
-- input { 3.0 -1.0 }
-- output { -3.0 3.0 -2.5f32 }
def main (x: f64) (y: f64) = (f64.copysign x y, f64.copysign (-x) 1, f32.copysign 2.5 (-0.0))
