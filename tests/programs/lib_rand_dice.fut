-- uniform_int_distribution over i32 with xorshift32: n dice thrown in
-- parallel, one split state each, and the count of every face.
-- ==
-- input { 1 0i64 }
-- output { [0, 0, 0, 0, 0, 0] }
-- input { 1 1i64 }
-- output { [0, 0, 1, 0, 0, 0] }
-- input { 7 60i64 }
-- output { [10, 4, 17, 9, 7, 13] }
-- input { 2024 1000i64 }
-- output { [174, 162, 149, 165, 174, 176] }

import "lib/github.com/fcclang/random/random"

module die = uniform_int_distribution i32 xorshift32

def main (seed: i32) (n: i64) : [6]i32 =
  let rs = xorshift32.split_rng n (xorshift32.rng_from_seed [seed])
  let faces = map (\r -> (die.rand (1, 6) r).1) rs
  in hist (+) 0 6 (map (\f -> i64.i32 (f - 1)) faces) (replicate n 1)
