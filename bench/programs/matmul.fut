-- f32 matrix multiplication, square and tall-skinny.
-- ==
-- random input { [4096][4096]f32 [4096][4096]f32 }
-- random input { [262144][128]f32 [128][128]f32 }
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\ar -> map (\bc -> f32.sum (map2 (*) ar bc)) (transpose b)) a
