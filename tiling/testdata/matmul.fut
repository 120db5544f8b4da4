-- f32 matrix multiplication: tiled in 2-D.
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\ar -> map (\bc -> f32.sum (map2 (*) ar bc)) (transpose b)) a
