-- The first n numbers of the linear congruential engine lcg32 from states made from
-- seeds of any length (none included), drawn in a sequential loop.
-- ==
-- input { [0] 1i64 }
-- output { [2124891273u32] }
-- input { [1] 5i64 }
-- output { [2840458715u32, 3887903102u32, 2232036037u32, 943365472u32, 3497865535u32] }
-- input { [-7, 123456] 8i64 }
-- output { [328820014u32, 990341813u32, 2617277584u32, 2217125551u32, 2682659906u32, 2550339257u32, 1739968708u32, 1425843539u32] }
-- input { empty([0]i32) 3i64 }
-- output { [1120982980u32, 3911581779u32, 1066994070u32] }
-- input { [2147483647, -2147483648, 0] 6i64 }
-- output { [2446286939u32, 2906528254u32, 1354725701u32, 2016844256u32, 526648255u32, 195575314u32] }

import "lib/github.com/fcclang/random/random"

module engine = lcg32

def main (seed: []i32) (n: i64) : [n]u32 =
  let (_, xs) =
    loop (r, xs) = (engine.rng_from_seed seed, replicate n 0) for i < n do
      let (r, x) = engine.rand r
      in (r, xs with [i] = x)
  in xs
