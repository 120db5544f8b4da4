-- The constants pi and e.
-- ==
-- input { }
-- output { 3.141592653589793 2.718281828459045 3.1415927f32 2.7182817f32 }
def main = (f64.pi, f64.e, f32.pi, f32.e)
