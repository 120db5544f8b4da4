-- Partial application of a functor of two parameters: the uniform
-- distribution over f64 is made once and then applied to two engines.
-- ==
-- input { 0 }
-- output { 0.49473980278708041f64 -0.98739572428166866f64 0.21697359350905138f64 190.23797774925782f64 }
-- input { 1 }
-- output { 0.66134583088569343f64 0.81044596340507269f64 0.93210337332731652f64 172.51946525008407f64 }
-- input { -99 }
-- output { 0.26030800468288362f64 -0.16487450059503317f64 0.54304914608203092f64 131.43552903352202f64 }

import "lib/github.com/fcclang/random/random"

module uniform_f64 = uniform_real_distribution f64
module from_lcg = uniform_f64 lcg32
module from_xorshift = uniform_f64 xorshift32

def main (seed: i32) : (f64, f64, f64, f64) =
  let (r, a) = from_lcg.rand (0, 1) (lcg32.rng_from_seed [seed])
  let (_, b) = from_lcg.rand (-1, 1) r
  let (s, c) = from_xorshift.rand (0, 1) (xorshift32.rng_from_seed [seed])
  let (_, d) = from_xorshift.rand (100, 200) s
  in (a, b, c, d)
