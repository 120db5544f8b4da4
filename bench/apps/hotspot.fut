-- HotSpot (Rodinia): the temperatures of a chip's grid after many explicit
-- steps of a 5-point thermal stencil with a power map and a heat sink at
-- the ambient temperature; a border cell uses its own temperature for a
-- missing neighbour. Rodinia's constants, for a chip of 0.016 m square
-- cut into the grid's cells.
-- ==
-- input @ data/hotspot-small.in output @ data/hotspot-small.out
-- notest random input { 1000i32 [1024][1024]f32 [1024][1024]f32 }

def amb_temp = 80f32

def main [r][c] (steps: i32) (temp: [r][c]f32) (power: [r][c]f32) : [r][c]f32 =
  let max_pd = 3.0e6f32
  let precision = 0.001f32
  let spec_heat_si = 1.75e6f32
  let k_si = 100f32
  let factor_chip = 0.5f32
  let t_chip = 0.0005f32
  let grid_height = 0.016f32 / f32.i64 r
  let grid_width = 0.016f32 / f32.i64 c
  let cap = factor_chip * spec_heat_si * t_chip * grid_width * grid_height
  let rx = grid_width / (2 * k_si * t_chip * grid_height)
  let ry = grid_height / (2 * k_si * t_chip * grid_width)
  let rz = t_chip / (k_si * grid_height * grid_width)
  let max_slope = max_pd / (factor_chip * t_chip * spec_heat_si)
  let step = precision / max_slope
  let cc = step / cap
  let cx = cc / rx
  let cy = cc / ry
  let cz = cc / rz
  in loop temp for _i < steps do
       tabulate_2d r c (\i j ->
         let t = temp[i, j]
         let n = temp[i64.max (i - 1) 0, j]
         let s = temp[i64.min (i + 1) (r - 1), j]
         let w = temp[i, i64.max (j - 1) 0]
         let e = temp[i, i64.min (j + 1) (c - 1)]
         in t + cc * power[i, j] + (s + n - 2 * t) * cy + (e + w - 2 * t) * cx
            + (amb_temp - t) * cz)
