-- Doubles every element of an array and sums the result: a map fused
-- into a reduction, run as one OpenCL kernel.
-- ==
-- input { [1f32, 2f32, 3f32, 4f32] }
-- output { 20f32 }
def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)
