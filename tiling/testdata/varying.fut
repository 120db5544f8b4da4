-- The reduction's map uses the row index, which varies over the space:
-- not tiled.
def main [n][k][m] (a: [n][k]f32) (b: [k][m]f32) : [n][m]f32 =
  map2 (\ar i -> map (\bc -> f32.sum (map2 (\x y -> x * y + f32.i64 i) ar bc)) (transpose b)) a (iota n)
