-- normal_distribution over f64 with the xorshift64* engine (Box-Muller):
-- samples with a given mean and standard deviation, the distribution's
-- parameters passed as a record.
-- ==
-- input { 1 0i64 0.0f64 1.0f64 }
-- output { empty([0]f64) }
-- input { 1 5i64 0.0f64 1.0f64 }
-- output { [0.034926965517391988f64, -0.15569282052589628f64, 0.5259489686286839f64, 0.36935080568463347f64, -0.021403113810292133f64] }
-- input { 99 6i64 10.0f64 0.5f64 }
-- output { [9.6699326403130552f64, 9.1592624874867461f64, 10.094018137559376f64, 9.4334541313429838f64, 9.595014230210408f64, 9.8094689130878336f64] }
-- input { -8 3i64 -1.0f64 3.0f64 }
-- output { [-4.0323908182092829f64, 1.6333717681361555f64, -4.4678690899886924f64] }

import "lib/github.com/fcclang/random/random"

module normal = normal_distribution f64 xorshift64star

def main (seed: i32) (n: i64) (mean: f64) (stddev: f64) : [n]f64 =
  let (_, xs) =
    loop (r, xs) = (xorshift64star.rng_from_seed [seed], replicate n 0) for i < n do
      let (r, x) = normal.rand {mean, stddev} r
      in (r, xs with [i] = x)
  in xs
