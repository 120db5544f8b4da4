-- Doubles and sums.
-- ==
-- input { [1f32, 2f32, 3f32] } output { 12f32 }
-- "wrong" input { [1f32] } output { 3f32 }
-- input { [1f32, 2f32] } auto output
-- random input { [100]f32 } auto output
-- compiled input { [0f32] } output { 0f32 }
-- nobench input { empty([0]f32) } output { 0f32 }
def main (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)
