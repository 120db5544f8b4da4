-- Dot product of two f32 vectors: map2 fused into a reduction.
-- ==
-- random input { [100000000]f32 [100000000]f32 }
def main [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)
