-- fma and mad compute a*b+c.
-- ==
-- input { 2.0 3.0 4.0 }
-- output { 10.0 10.0 10f32 }
def main (a: f64) (b: f64) (c: f64) = (f64.fma a b c, f64.mad a b c, f32.fma 2 3 4)
