-- The first n numbers of the xorshift64* engine (64 bits of state, 32-bit results) from states made from
-- seeds of any length (none included), drawn in a sequential loop.
-- ==
-- input { [0] 1i64 }
-- output { [1761554711u32] }
-- input { [1] 5i64 }
-- output { [2753042042u32, 1048421262u32, 2646465631u32, 3112622597u32, 3167699354u32] }
-- input { [-7, 123456] 8i64 }
-- output { [1860986780u32, 550385921u32, 3273180503u32, 1561477345u32, 2550395436u32, 680813250u32, 203935956u32, 1343369111u32] }
-- input { empty([0]i32) 3i64 }
-- output { [1702606693u32, 2331840861u32, 265348388u32] }
-- input { [2147483647, -2147483648, 0] 6i64 }
-- output { [1872556127u32, 3715269438u32, 1619636606u32, 717422421u32, 1752377858u32, 1786145815u32] }

import "lib/github.com/fcclang/random/random"

module engine = xorshift64star

def main (seed: []i32) (n: i64) : [n]u32 =
  let (_, xs) =
    loop (r, xs) = (engine.rng_from_seed seed, replicate n 0) for i < n do
      let (r, x) = engine.rand r
      in (r, xs with [i] = x)
  in xs
