-- i64 A times B^T with two reductions: tiled in 2-D, two accumulators.
def main [n][k][m] (a: [n][k]i64) (bt: [m][k]i64) : ([n][m]i64, [n][m]i64) =
  unzip (map (\ar -> unzip (map (\bc -> let ps = map2 (*) ar bc
                                        in (i64.sum ps, reduce i64.min i64.highest ps)) bt)) a)
