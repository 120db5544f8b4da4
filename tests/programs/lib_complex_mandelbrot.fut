-- Escape times of the Mandelbrot iteration on a small grid, with complex
-- arithmetic from mk_complex f64 inside a local open, c64.(z * z + c).
-- ==
-- input { 1i64 1i64 10 }
-- output { [[1]] }
-- input { 5i64 3i64 20 }
-- output { [[1, 1, 2, 3, 2], [1, 3, 6, 20, 20], [1, 3, 6, 20, 20]] }
-- input { 12i64 7i64 30 }
-- output { [[1, 1, 1, 2, 2, 2, 3, 3, 3, 2, 2, 2], [1, 1, 2, 3, 3, 3, 4, 4, 7, 7, 4, 3], [1, 1, 3, 3, 3, 5, 6, 30, 30, 30, 30, 5], [1, 1, 4, 5, 13, 30, 18, 30, 30, 30, 30, 5], [1, 1, 4, 5, 13, 30, 18, 30, 30, 30, 30, 5], [1, 1, 3, 3, 3, 5, 6, 30, 30, 30, 30, 5], [1, 1, 2, 3, 3, 3, 4, 4, 7, 7, 4, 3]] }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def escape (limit: i32) (c: c64.complex) : i32 =
  let (_, i, _) =
    loop (z, i, go) = (c64.zero, 0, true) while go && i < limit do
      let (a, b) = z
      in if a * a + b * b > 4 then (z, i, false)
         else (c64.(z * z + c), i + 1, true)
  in i

def main (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  tabulate_2d h w (\y x ->
    escape limit (c64.mk (-2.25 + 3.0 * f64.i64 x / f64.i64 w)
                         (-1.3 + 2.6 * f64.i64 y / f64.i64 h)))
