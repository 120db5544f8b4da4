-- Mandelbrot set: escape iterations (at most 255) for every pixel of a
-- 4096x4096 image of the region [-2.25,0.75) x [-1.5,1.5).
-- ==
-- input { 4096i64 4096i64 255i32 }

def divergence (limit: i32) (cr: f32) (ci: f32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0i32)
    while i < limit && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

def main (h: i64) (w: i64) (limit: i32) : [h][w]i32 =
  map (\y ->
         map (\x ->
                let cr = -2.25 + 3 * f32.i64 x / f32.i64 w
                let ci = -1.5 + 3 * f32.i64 y / f32.i64 h
                in divergence limit cr ci)
             (iota w))
      (iota h)
