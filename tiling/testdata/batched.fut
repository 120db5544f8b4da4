-- A batch of matrix products: a 3-D space, not tiled (yet).
def main [b][n][k][m] (as: [b][n][k]f32) (bs: [b][k][m]f32) : [b][n][m]f32 =
  map2 (\a b -> map (\ar -> map (\bc -> f32.sum (map2 (*) ar bc)) (transpose b)) a) as bs
