-- Monte Carlo estimate of pi: n points in the unit square, each drawn with
-- its own split lcg32 state through the uniform f64 distribution; the
-- number of points inside the quarter circle.
-- ==
-- input { 1 0i64 }
-- output { 0i64 }
-- input { 1 1i64 }
-- output { 1i64 }
-- input { 3 100i64 }
-- output { 75i64 }
-- input { 11 2000i64 }
-- output { 1567i64 }

import "lib/github.com/fcclang/random/random"

module uniform = uniform_real_distribution f64 lcg32

def main (seed: i32) (n: i64) : i64 =
  let rs = lcg32.split_rng n (lcg32.rng_from_seed [seed])
  let inside r =
    let (r, x) = uniform.rand (0, 1) r
    let (_, y) = uniform.rand (0, 1) r
    in if x * x + y * y <= 1 then 1 else 0
  in i64.sum (map inside rs)
