-- The first n numbers of the xorshift32 engine from states made from
-- seeds of any length (none included), drawn in a sequential loop.
-- ==
-- input { [0] 1i64 }
-- output { [931894489u32] }
-- input { [1] 5i64 }
-- output { [4003353505u32, 3114687316u32, 726705266u32, 3288434749u32, 1439434110u32] }
-- input { [-7, 123456] 8i64 }
-- output { [4200146971u32, 874434934u32, 675064750u32, 342856778u32, 976371737u32, 874150177u32, 485684094u32, 289362992u32] }
-- input { empty([0]i32) 3i64 }
-- output { [1359758873u32, 3761132862u32, 2075758394u32] }
-- input { [2147483647, -2147483648, 0] 6i64 }
-- output { [544165959u32, 2258467828u32, 362680229u32, 1496479632u32, 4023382640u32, 566144176u32] }

import "lib/github.com/fcclang/random/random"

module engine = xorshift32

def main (seed: []i32) (n: i64) : [n]u32 =
  let (_, xs) =
    loop (r, xs) = (engine.rng_from_seed seed, replicate n 0) for i < n do
      let (r, x) = engine.rand r
      in (r, xs with [i] = x)
  in xs
