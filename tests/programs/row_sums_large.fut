-- Sums of more than 2^22 short rows: the compiled kernel computes four
-- rows per work-item (backend/segrows.go), with one loop over the rows'
-- elements, for rows of at most 4 (n = 3); longer ones (n = 9) get a
-- work-item each. The row counts are not multiples of the
-- launch, so the last work-items have points past the end.
-- ==
-- input { 4194305i64 3i64 }
-- output { 6i64 51i64 37748742i64 18874383i64 4194305i64 }
-- input { 4194307i64 9i64 }
-- output { 45i64 450i64 339738831i64 169869519i64 4194307i64 }

entry main (m: i64) (n: i64) =
  let xs = scan (+) 0 (replicate (m * n) 1i64)
  let xss = unflatten (xs :> [m * n]i64)
  let sums = map i64.sum xss
  in (sums[0], sums[5], sums[m - 1], sums[m / 2 + 1], length sums)
