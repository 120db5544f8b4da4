-- lerp interpolates linearly.
-- ==
-- input { 2.0 6.0 }
-- output { 2.0 6.0 3.0 5.0 }
def main (a: f64) (b: f64) = (f64.lerp a b 0, f64.lerp a b 1, f64.lerp a b 0.25, f64.lerp a b 0.75)
