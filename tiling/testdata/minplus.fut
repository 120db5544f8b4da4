-- Min-plus product: any map and operator tile.
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map (\ar -> map (\bc -> reduce f32.min f32.inf (map2 (+) ar bc)) (transpose b)) a
