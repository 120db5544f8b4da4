-- Matrix-vector product A x (BLAS gemv), memory-bound.
-- ==
-- random input { [16384][8192]f32 [8192]f32 }
-- random input { [1024][131072]f32 [131072]f32 }
def main [m][n] (a: [m][n]f32) (x: [n]f32) : [m]f32 =
  map (\row -> f32.sum (map2 (*) row x)) a
