-- Histogram: counts of u32 values in bins (the value modulo the number of
-- bins), with 256 and with 65,536 bins.
-- ==
-- random input { 256i64 [100000000]u32 }
-- random input { 65536i64 [100000000]u32 }
def main [n] (bins: i64) (xs: [n]u32) : [bins]i32 =
  hist (+) 0 bins (map (\x -> i64.u32 x % bins) xs) (replicate n 1)
