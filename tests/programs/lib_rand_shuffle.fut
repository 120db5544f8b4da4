-- A random permutation: every element gets a random u32 key from its own
-- split xorshift64* state, and the radix sort of u32 sorts the elements by
-- their keys.
-- ==
-- input { 1 empty([0]i32) }
-- output { empty([0]i32) 0 }
-- input { 1 [9] }
-- output { [9] 9 }
-- input { 3 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }
-- output { [6, 2, 3, 9, 7, 1, 8, 0, 4, 5] 45 }
-- input { -77 [5, 5, 1, 2, 3, 100, -4] }
-- output { [5, 1, 2, -4, 3, 5, 100] 112 }

import "lib/github.com/fcclang/random/random"
import "lib/github.com/fcclang/sorts/radix_sort"

module sorter = mk_radix_sort u32

def shuffle [n] 't (seed: i32) (xs: [n]t) : [n]t =
  let rs = xorshift64star.split_rng n (xorshift64star.rng_from_seed [seed])
  let keys = map (\r -> (xorshift64star.rand r).1) rs
  in map (.1) (sorter.sort_by_key (.0) (zip keys xs))

def main (seed: i32) (xs: []i32) : ([]i32, i32) =
  let s = shuffle seed xs
  in (s, i32.sum s)
