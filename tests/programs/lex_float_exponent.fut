-- Float literals with exponents.
-- ==
-- input { }
-- output { 1000.0 0.015 200.0 1000f32 2.5 0.5f32 }
def main = (1e3, 1.5e-2, 2E2, 1e3f32, 25e-1f64, 5.0e-1f32)
