-- Dot product: map2 fused into a reduction.
-- ==
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] }
-- output { 32f32 }
-- input { empty([0]f32) empty([0]f32) }
-- output { 0f32 }
def main [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
