-- Maps without reductions are not tiled.
def main [n][m] (a: [n][m]f32) : [n][m]f32 =
  map (map (\x -> x * 2 + 1)) a
