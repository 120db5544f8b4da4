-- Sum of absolute values (BLAS asum; the Lift paper's derivation example).
-- The inputs are shifted to [-0.5, 0.5) so that abs matters.
-- ==
-- random input { [100000000]f32 }
def main [n] (xs: [n]f32) : f32 = f32.sum (map (\x -> f32.abs (x - 0.5)) xs)
