-- The variance as the mean of squared deviations: the second reduction
-- needs the first one's result, a true dependence, so the two stay two
-- segmented reductions (a negative case of rewrite's fuse-vertical).
-- ==
-- input { [1i32, 2i32, 3i32, 6i32] }
-- output { 3i32 14i32 }
-- input { empty([0]i32) }
-- output { 0i32 0i32 }
-- structure gpu { SegRed 2 }

def main [n] (xs: [n]i32) : (i32, i32) =
  let mean = i32.sum xs / i32.max 1 (i32.i64 n)
  let dev = i32.sum (map (\x -> (x - mean) * (x - mean)) xs)
  in (mean, dev)
