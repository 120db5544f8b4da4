-- The pre-pass strategy (soac.DynPrePass): each work-item's array has
-- the size of its u8 element, with no bound known before the launch, so
-- a pre-pass kernel computes the sizes and the host allocates at their
-- maximum. Compare with dynpre_bound.fut, the same work with the bound
-- (256) known before the launch.
-- ==
-- random input { [1000000]u8 }
def main (xs: []u8) : []i64 =
  map (\x -> let b = scan (+) 0 (replicate (i64.u8 x) 1i64) in i64.sum b) xs
