-- sqrt and cbrt.
-- ==
-- input { 16.0 27.0 }
-- output { 4.0 3.0 1.4142135f32 }
-- input { 2.0 -8.0 }
-- output { 1.4142135623730951 -2.0 1.4142135f32 }
def main (x: f64) (y: f64) = (f64.sqrt x, f64.cbrt y, f32.sqrt 2)
