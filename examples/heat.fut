-- # Heat diffusion on a plate
--
-- A square plate is cold everywhere except for a hot square in its
-- middle, and its edges are held at zero. Each time step moves every
-- point's temperature towards the average of its four neighbours (the
-- explicit five-point stencil of the heat equation). This file is a
-- literate program: `fcc literate examples/heat.fut` runs the directives
-- below on the machine's OpenCL device and writes `examples/heat.md`,
-- with the image and the plot in `examples/heat-img/`.
-- ==
-- entry: total_heat
-- input { 16i64 0i64 } output { 16f32 }
-- input { 16i64 10i64 } output { 15.99196f32 }

def initial (n: i64) : [n][n]f32 =
  let lo = n / 2 - n / 8
  let hi = n / 2 + n / 8
  in tabulate_2d n n (\i j -> if i >= lo && i < hi && j >= lo && j < hi then 1 else 0)

def step [n] (alpha: f32) (t: [n][n]f32) : [n][n]f32 =
  let at (i: i64) (j: i64) = if i < 0 || i >= n || j < 0 || j >= n then 0 else t[i, j]
  in tabulate_2d n n (\i j ->
       t[i, j] + alpha * (at (i - 1) j + at (i + 1) j + at i (j - 1) + at i (j + 1) - 4 * t[i, j]))

-- The temperature after `steps` time steps.
entry simulate (n: i64) (steps: i64) : [n][n]f32 =
  loop t = initial n for _i < steps do step 0.2 t

-- A colour for each temperature, from blue (cold) through green to red
-- (the hottest point), as the ARGB pixels that `:img` shows.
entry heatmap (n: i64) (steps: i64) : [n][n]u32 =
  let t = simulate n steps
  let top = f32.maximum (flatten t)
  let colour (x: f32) =
    let x = if top > 0 then x / top else 0
    let byte (v: f32) = u32.f32 (255 * f32.max 0 (f32.min 1 v))
    in 0xFF000000 | (byte x << 16) | (byte (1 - 2 * f32.abs (x - 0.5)) << 8) | byte (1 - x)
  in map (map colour) t

-- The temperature along the plate's middle row, as (x, y) pairs for
-- `:plot2d`.
entry profile (n: i64) (steps: i64) : ([]f32, []f32) =
  let t = simulate n steps
  in (map f32.i64 (iota n), t[n / 2])

-- The total heat on the plate: it only leaks out through the edges.
entry total_heat (n: i64) (steps: i64) : f32 =
  f32.sum (flatten (simulate n steps))

-- After 400 steps on a 128×128 plate the heat has spread from the
-- square into a round blob:

-- > :img heatmap 128i64 400i64

-- The middle row's temperature at three moments: the square's sharp
-- edges smooth out, and the peak sinks as the heat spreads.

-- > :plot2d {start = profile 128i64 0i64, early = profile 128i64 50i64, late = profile 128i64 400i64};
-- size: (400,600)

-- Heat is lost only at the edges, which it has barely reached yet:

-- > total_heat 128i64 400i64
