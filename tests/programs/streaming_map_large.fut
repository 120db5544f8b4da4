-- A map with one element read per point over more than 2^22 points, so
-- that the compiled kernel computes four points per work-item
-- (backend/segop.go, stridedPoints): the sizes are not multiples of the
-- launch, so the last points take the guarded path. Below 2^22 points
-- the same body runs one point per work-item, in a kernel of its own
-- (stridedOrOne): 4194303 points and 6. The scan keeps the
-- input in memory (the map reads it rather than recomputing it).
-- ==
-- input { 5000003i64 }
-- output { 1i64 16i64 15000007i64 7500007i64 5000003i64 }
-- input { 4194305i64 }
-- output { 1i64 16i64 12582913i64 6291460i64 4194305i64 }
-- input { 4194304i64 }
-- output { 1i64 16i64 12582910i64 6291460i64 4194304i64 }
-- input { 4194303i64 }
-- output { 1i64 16i64 12582907i64 6291457i64 4194303i64 }
-- input { 6i64 }
-- output { 1i64 16i64 16i64 13i64 6i64 }

entry main (n: i64) =
  let xs = scan (+) 0 (replicate n 1i64)
  let ys = map (\x -> x * 3 - 2) xs
  in (ys[0], ys[5], ys[n - 1], ys[n / 2 + 1], length ys)
