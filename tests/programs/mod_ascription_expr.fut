-- Ascription as a module expression, (e : mt); a functor lambda with a
-- result type; and qualified functions used infix with backticks.
-- ==
-- input { empty([0]u32) }
-- output { empty([0]u32) true 0u32 }
-- input { [7u32] }
-- output { [7u32] true 7u32 }
-- input { [4294967295u32, 1u32, 4294967295u32, 3u32] }
-- output { [1u32, 3u32, 4294967295u32, 4294967295u32] true 2147483648u32 }
-- input { [0u32, 2654435761u32, 1013904226u32, 3668339987u32, 2027808452u32, 387276917u32, 3041712678u32, 1401181143u32, 4055616904u32] }
-- output { [0u32, 387276917u32, 1013904226u32, 1401181143u32, 2027808452u32, 2654435761u32, 3041712678u32, 3668339987u32, 4055616904u32] true 2027808452u32 }

import "lib/github.com/fcclang/sorts/sort"
import "lib/github.com/fcclang/sorts/radix_sort"
import "lib/github.com/fcclang/sorts/merge_sort"

module r = (mk_radix_sort u32 : sort with t = u32)
module make = \(I: integral) : (sort with t = I.t) -> mk_merge_sort I
module m = make u32

module arith = {
  def avg (x: u32) (y: u32) : u32 = x / 2 + y / 2 + (x & y & 1)
}

def main [n] (xs: [n]u32) : ([n]u32, bool, u32) =
  let a = r.sort xs
  let b = m.sort xs
  in (a, and (map2 (==) a b), if n == 0 then 0 else a[0] `arith.avg` a[n - 1])
