-- i32 product of A and the transpose of B given as [m][k] (both
-- operands read along k), with two reductions of the same products
-- (sum and maximum): two accumulators per result. Data: tile_data/gen.py.
-- ==
-- input @ tile_data/tile_abt_i32_0.in.gz
-- output @ tile_data/tile_abt_i32_0.out.gz
-- input @ tile_data/tile_abt_i32_1.in.gz
-- output @ tile_data/tile_abt_i32_1.out.gz
-- input @ tile_data/tile_abt_i32_2.in.gz
-- output @ tile_data/tile_abt_i32_2.out.gz
-- input @ tile_data/tile_abt_i32_3.in.gz
-- output @ tile_data/tile_abt_i32_3.out.gz
-- input @ tile_data/tile_abt_i32_4.in.gz
-- output @ tile_data/tile_abt_i32_4.out.gz
-- input @ tile_data/tile_abt_i32_5.in.gz
-- output @ tile_data/tile_abt_i32_5.out.gz
-- input @ tile_data/tile_abt_i32_6.in.gz
-- output @ tile_data/tile_abt_i32_6.out.gz
-- input @ tile_data/tile_abt_i32_7.in.gz
-- output @ tile_data/tile_abt_i32_7.out.gz
-- input @ tile_data/tile_abt_i32_8.in.gz
-- output @ tile_data/tile_abt_i32_8.out.gz
-- input @ tile_data/tile_abt_i32_9.in.gz
-- output @ tile_data/tile_abt_i32_9.out.gz
-- input @ tile_data/tile_abt_i32_10.in.gz
-- output @ tile_data/tile_abt_i32_10.out.gz
def main [n][k][m] (a: [n][k]i32) (bt: [m][k]i32) : ([n][m]i32, [n][m]i32) =
  unzip (map (\ar -> unzip (map (\bc -> let ps = map2 (*) ar bc
                                  in (i32.sum ps, reduce i32.max i32.lowest ps)) bt)) a)
