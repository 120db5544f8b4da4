-- hypot.
-- ==
-- input { 3.0 4.0 }
-- output { 5.0 13f32 }
-- input { 1e200 1e200 }
-- output { 1.4142135623730951e200 13f32 }
def main (x: f64) (y: f64) = (f64.hypot x y, f32.hypot 5 12)
