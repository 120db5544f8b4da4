-- uniform_real_distribution over f32 with the xorshift32 engine.
-- ==
-- input { 5 1i64 0.0f32 1.0f32 }
-- output { [0.6377561092376709f32] }
-- input { 5 5i64 0.0f32 1.0f32 }
-- output { [0.6377561092376709f32, 0.27236691117286682f32, 0.57129567861557007f32, 0.421418696641922f32, 0.21770638227462769f32] }
-- input { 1234 7i64 -2.0f32 2.0f32 }
-- output { [-1.1416760683059692f32, -1.2877035140991211f32, -0.59745967388153076f32, 1.6102845668792725f32, -0.9814225435256958f32, -1.7053513526916504f32, -1.4930422306060791f32] }

import "lib/github.com/fcclang/random/random"

module dist = uniform_real_distribution f32 xorshift32

def main (seed: i32) (n: i64) (lo: f32) (hi: f32) : [n]f32 =
  let (_, xs) =
    loop (r, xs) = (xorshift32.rng_from_seed [seed], replicate n lo) for i < n do
      let (r, x) = dist.rand (lo, hi) r
      in (r, xs with [i] = x)
  in xs
