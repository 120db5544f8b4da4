-- HotSpot (Rodinia): a 5-point thermal stencil over a chip's temperature
-- grid with a power map, iterated; border cells reuse their own value for
-- missing neighbours. Rodinia's constants, with the resistances inverted as
-- in its GPU kernels.
-- ==
-- random input { 100i32 [4096][4096]f32 [4096][4096]f32 }

def max_pd = 3.0e6f32
def precision = 0.001f32
def spec_heat_si = 1.75e6f32
def k_si = 100f32
def factor_chip = 0.5f32
def t_chip = 0.0005f32
def chip_height = 0.016f32
def chip_width = 0.016f32
def amb_temp = 80f32

def main [r][c] (iterations: i32) (temp0: [r][c]f32) (power: [r][c]f32) : [r][c]f32 =
  -- Cells are those of a 1024x1024 grid over the chip, whatever the grid's
  -- size (a larger grid is a larger chip), so the explicit steps stay stable.
  let grid_height = chip_height / 1024
  let grid_width = chip_width / 1024
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
  -- Temperatures start in [300, 320].
  let temp1 = map (map (\t -> 300 + 20 * t)) temp0
  in loop temp = temp1 for _i < iterations do
       map (\i ->
              map (\j ->
                     let t = temp[i, j]
                     let n = temp[i64.max (i - 1) 0, j]
                     let s = temp[i64.min (i + 1) (r - 1), j]
                     let w = temp[i, i64.max (j - 1) 0]
                     let e = temp[i, i64.min (j + 1) (c - 1)]
                     in t + cc * power[i, j]
                          + (s + n - 2 * t) * cy
                          + (e + w - 2 * t) * cx
                          + (amb_temp - t) * cz)
                  (iota c))
           (iota r)
