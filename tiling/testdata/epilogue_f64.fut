-- Scalar code after the reduction stays in the tiled kernel (the outer
-- version); the inner version's separate segmap reads no rows.
def main [n][k][m] (a: [n][k]f64) (b: [k][m]f64) : [n][m]f64 =
  map (\ar -> map (\bc -> f64.sqrt (f64.sum (map2 (*) ar bc)) + 1) (transpose b)) a
