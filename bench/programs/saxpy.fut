-- a*x + y over f32 vectors (12 bytes per element).
-- ==
-- random input { f32 [100000000]f32 [100000000]f32 }
def main [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 =
  map2 (\x y -> a * x + y) xs ys
