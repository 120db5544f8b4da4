-- Hexadecimal float literals with a binary exponent.
-- ==
-- input { }
-- output { 3.0 0.25 10.0 8f32 0.5 }
def main = (0x1.8p1, 0x1.0p-2, 0xA.0p0, 0x1.0p3f32, 0x0.8p0f64)
