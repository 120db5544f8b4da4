-- Discrete Fourier transform of a real signal by the O(n^2) sum, with
-- complex numbers from mk_complex f64.
-- ==
-- input { empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) }
-- input { [2.0f64] }
-- output { [2.0f64] [0.0f64] }
-- input { [1.0f64, 0.0f64, 0.0f64, 0.0f64] }
-- output { [1.0f64, 1.0f64, 1.0f64, 1.0f64] [0.0f64, 0.0f64, 0.0f64, 0.0f64] }
-- input { [1.0f64, 2.0f64, 3.0f64] }
-- output { [6.0f64, -1.5000000000000009f64, -1.4999999999999987f64] [0.0f64, 0.86602540378443771f64, -0.86602540378444059f64] }
-- input { [0.5f64, -1.0f64, 2.0f64, 0.0f64, 1.5f64] }
-- output { [3.0f64, -0.96352549156242129f64, 0.71352549156242029f64, 0.71352549156242207f64, -0.96352549156242029f64] [0.0f64, 1.2020707861529374f64, 3.3715761633214898f64, -3.3715761633214907f64, -1.2020707861529381f64] }

import "lib/github.com/fcclang/complex/complex"

module c64 = mk_complex f64

def dft [n] (xs: [n]f64) : [n]c64.complex =
  let w (k: i64) (j: i64) =
    c64.exp (c64.mk_im (-2 * f64.pi * f64.i64 (j * k) / f64.i64 n))
  in map (\k -> c64.sum (map2 (\j x -> c64.scale x (w k j)) (iota n) xs)) (iota n)

def main (xs: []f64) : ([]f64, []f64) =
  let f = dft xs
  in (map c64.re f, map c64.im f)
