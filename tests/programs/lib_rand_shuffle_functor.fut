-- The random package's shuffle functor (random/shuffle.fut, which imports
-- the sorts package as "../sorts/radix_sort") applied to two engines; the
-- state it returns shuffles again.
-- ==
-- entry: xorshift
-- input { 1 empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) }
-- input { 2 [42i64] }
-- output { [42i64] [42i64] }
-- input { 7 [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64] }
-- output { [2i64, 8i64, 1i64, 0i64, 5i64, 3i64, 6i64, 4i64, 7i64] [6i64, 0i64, 3i64, 2i64, 4i64, 8i64, 5i64, 7i64, 1i64] }
-- input { -5 [3i64, 1i64, 4i64, 1i64, 5i64, 9i64, 2i64, 6i64, 5i64, 3i64, 5i64] }
-- output { [5i64, 6i64, 3i64, 5i64, 4i64, 9i64, 1i64, 2i64, 3i64, 5i64, 1i64] [5i64, 1i64, 1i64, 4i64, 3i64, 6i64, 9i64, 5i64, 5i64, 2i64, 3i64] }

-- ==
-- entry: lcg
-- input { 1 empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) }
-- input { 2 [42i64] }
-- output { [42i64] [42i64] }
-- input { 7 [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64] }
-- output { [4i64, 1i64, 0i64, 5i64, 2i64, 8i64, 6i64, 3i64, 7i64] [3i64, 1i64, 2i64, 8i64, 5i64, 0i64, 6i64, 7i64, 4i64] }
-- input { -5 [3i64, 1i64, 4i64, 1i64, 5i64, 9i64, 2i64, 6i64, 5i64, 3i64, 5i64] }
-- output { [1i64, 3i64, 5i64, 4i64, 3i64, 5i64, 1i64, 6i64, 9i64, 2i64, 5i64] [1i64, 3i64, 4i64, 5i64, 3i64, 1i64, 5i64, 2i64, 6i64, 5i64, 9i64] }

import "lib/github.com/fcclang/random/random"
import "lib/github.com/fcclang/random/shuffle"

module by_xorshift = mk_shuffle xorshift32
module by_lcg = mk_shuffle lcg32

entry xorshift (seed: i32) (xs: []i64) : ([]i64, []i64) =
  let (r, a) = by_xorshift.shuffle (xorshift32.rng_from_seed [seed]) xs
  let (_, b) = by_xorshift.shuffle r a
  in (a, b)

entry lcg (seed: i32) (xs: []i64) : ([]i64, []i64) =
  let (r, a) = by_lcg.shuffle (lcg32.rng_from_seed [seed]) xs
  let (_, b) = by_lcg.shuffle r a
  in (a, b)
