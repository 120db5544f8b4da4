-- n-body-like 1-D tiling in f32. Data: tile_data/gen.py.
-- ==
-- input @ tile_data/tile_nbody_f32_0.in.gz
-- output @ tile_data/tile_nbody_f32_0.out.gz
-- input @ tile_data/tile_nbody_f32_1.in.gz
-- output @ tile_data/tile_nbody_f32_1.out.gz
-- input @ tile_data/tile_nbody_f32_2.in.gz
-- output @ tile_data/tile_nbody_f32_2.out.gz
-- input @ tile_data/tile_nbody_f32_3.in.gz
-- output @ tile_data/tile_nbody_f32_3.out.gz
-- input @ tile_data/tile_nbody_f32_4.in.gz
-- output @ tile_data/tile_nbody_f32_4.out.gz
-- input @ tile_data/tile_nbody_f32_5.in.gz
-- output @ tile_data/tile_nbody_f32_5.out.gz
-- input @ tile_data/tile_nbody_f32_6.in.gz
-- output @ tile_data/tile_nbody_f32_6.out.gz
def main [n] (xs: [n]f32) : [n]f32 =
  map (\x -> f32.sum (map (\y -> 1 / (1 + (x - y) * (x - y))) xs)) xs
