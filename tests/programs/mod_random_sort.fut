-- Random arrays from one library sorted by another: integers uniform in
-- [-1000, 1000] drawn in parallel with split xorshift32 states, sorted by
-- the radix sort of i32; the sorted array and whether it is ordered.
-- ==
-- input { 1 0i64 }
-- output { empty([0]i32) true }
-- input { 1 1i64 }
-- output { [619] true }
-- input { 17 10i64 }
-- output { [-587, -506, -482, -354, 61, 119, 267, 915, 935, 960] true }
-- input { 5 33i64 }
-- output { [-973, -941, -844, -776, -761, -696, -674, -635, -632, -538, -477, -467, -441, -342, -323, -251, -153, -97, 154, 161, 181, 218, 243, 344, 392, 502, 598, 629, 642, 671, 752, 761, 779] true }

import "lib/github.com/fcclang/random/random"
import "lib/github.com/fcclang/sorts/radix_sort"

module dist = uniform_int_distribution i32 xorshift32
module sorter = mk_radix_sort i32

def main (seed: i32) (n: i64) : ([n]i32, bool) =
  let rs = xorshift32.split_rng n (xorshift32.rng_from_seed [seed])
  let xs = map (\r -> (dist.rand (-1000, 1000) r).1) rs
  let s = sorter.sort xs
  in (s, and (map (\i -> i == 0 || s[i - 1] <= s[i]) (iota n)))
