-- Inclusive prefix sum of an f32 vector (8 bytes per element at least).
-- ==
-- random input { [100000000]f32 }
def main [n] (xs: [n]f32) : [n]f32 = scan (+) 0 xs
