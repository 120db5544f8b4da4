-- | Random permutations, by sorting the elements by random keys (this
-- package uses the sorts package, imported relatively, as packages
-- that depend on each other do).

import "random"
import "../sorts/radix_sort"

module mk_shuffle (E: rng_engine with int.t = u32) = {
  local module sorter = mk_radix_sort u32

  -- | A random permutation of the elements, and a state for later use.
  -- Every element gets its own split state, so this is one parallel
  -- map and a sort.
  def shuffle [n] 't (r: E.rng) (xs: [n]t) : (E.rng, [n]t) =
    let rs = E.split_rng (n + 1) r
    let keys = map (\s -> (E.rand s).1) (rs[1:] :> [n]E.rng)
    in (rs[0], map (.1) (sorter.sort_by_key (.0) (zip keys xs)))
}
