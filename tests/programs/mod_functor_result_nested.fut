-- The distribution functors return modules with submodules (engine, num):
-- this program reaches the engine and the number module through the
-- distribution's qualified names, three levels deep.
-- ==
-- input { 1 0i64 }
-- output { empty([0]i64) 0i64 }
-- input { 1 1i64 }
-- output { [20i64] 20i64 }
-- input { 8 9i64 }
-- output { [16i64, 20i64, 10i64, 13i64, 17i64, 17i64, 16i64, 10i64, 15i64] 134i64 }
-- input { -20 40i64 }
-- output { [15i64, 19i64, 10i64, 16i64, 14i64, 13i64, 13i64, 11i64, 10i64, 19i64, 13i64, 10i64, 18i64, 14i64, 15i64, 13i64, 13i64, 20i64, 15i64, 12i64, 18i64, 16i64, 16i64, 14i64, 16i64, 12i64, 17i64, 20i64, 14i64, 10i64, 13i64, 16i64, 19i64, 10i64, 18i64, 19i64, 10i64, 12i64, 19i64, 12i64] 584i64 }

import "lib/github.com/fcclang/random/random"

module dist = uniform_int_distribution i64 lcg32

def main (seed: i32) (n: i64) : ([n]i64, i64) =
  let rs = dist.engine.split_rng n (dist.engine.rng_from_seed [seed])
  let xs = map (\r -> (dist.rand (dist.num.i32 10, dist.num.i32 20) r).1) rs
  in (xs, dist.num.sum xs)
