-- Sum of an f32 vector: one reduction, memory-bound (4 bytes per element).
-- ==
-- random input { [100000000]f32 }
def main [n] (xs: [n]f32) : f32 = f32.sum xs
