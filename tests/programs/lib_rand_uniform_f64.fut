-- uniform_real_distribution over f64 with the lcg32 engine: numbers in
-- [lo, hi).
-- ==
-- input { 1 0i64 0.0f64 1.0f64 }
-- output { empty([0]f64) }
-- input { 1 4i64 0.0f64 1.0f64 }
-- output { [0.66134583088569343f64, 0.90522298170253634f64, 0.51968638715334237f64, 0.21964439004659653f64] }
-- input { 77 6i64 -5.0f64 5.0f64 }
-- output { [2.842366008553654f64, 1.6410674992948771f64, 0.23994353367015719f64, 4.3710620468482375f64, 4.4142097909934819f64, 4.9130331538617611f64] }
-- input { -3 3i64 10.0f64 10.5f64 }
-- output { [10.160024898708798f64, 10.062557248398662f64, 10.221924768644385f64] }

import "lib/github.com/fcclang/random/random"

module dist = uniform_real_distribution f64 lcg32

def main (seed: i32) (n: i64) (lo: f64) (hi: f64) : [n]f64 =
  let (_, xs) =
    loop (r, xs) = (lcg32.rng_from_seed [seed], replicate n lo) for i < n do
      let (r, x) = dist.rand (lo, hi) r
      in (r, xs with [i] = x)
  in xs
