-- n-body-like 1-D tiling: every element reduces over the whole
-- (invariant) arrays, with code before and after the reduction.
-- Data: tile_data/gen.py.
-- ==
-- input @ tile_data/tile_nbody_0.in.gz
-- output @ tile_data/tile_nbody_0.out.gz
-- input @ tile_data/tile_nbody_1.in.gz
-- output @ tile_data/tile_nbody_1.out.gz
-- input @ tile_data/tile_nbody_2.in.gz
-- output @ tile_data/tile_nbody_2.out.gz
-- input @ tile_data/tile_nbody_3.in.gz
-- output @ tile_data/tile_nbody_3.out.gz
-- input @ tile_data/tile_nbody_4.in.gz
-- output @ tile_data/tile_nbody_4.out.gz
-- input @ tile_data/tile_nbody_5.in.gz
-- output @ tile_data/tile_nbody_5.out.gz
-- input @ tile_data/tile_nbody_6.in.gz
-- output @ tile_data/tile_nbody_6.out.gz
def main [n] (xs: [n]i64) (ws: [n]i64) : [n]i64 =
  map (\x -> let d = i64.sum (map2 (\y w -> w * (x - y) * (x - y)) xs ws)
             in 3 * d + x) xs
