-- dynpre_pre.fut with the bound of each work-item's size (256) known
-- before the launch: the per-item-at-bound strategy, no pre-pass.
-- ==
-- random input { [1000000]u8 }
def main (xs: []u8) : []i64 =
  map (\x -> let b = scan (+) 0 (replicate (i64.u8 x % 256) 1i64) in i64.sum b) xs
