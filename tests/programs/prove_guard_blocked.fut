-- Blocked indices s * b + q read inside kernels, for the blocks s of a
-- host loop `for s < n / b` and q < b in the block: in bounds, so the
-- prove pass leaves their checks out. Rounding the number of blocks up
-- instead lets the last block run past n when b does not divide it,
-- which must still fail at run time.
-- ==
-- entry: block_sums
-- input { [1, 2, 3, 4, 5, 6, 7] 2i64 }
-- output { [3, 7, 11] }
-- input { [1, 2, 3, 4, 5, 6] 3i64 }
-- output { [6, 15] }
-- input { [1, 2, 3] 4i64 }
-- output { empty([0]i32) }

-- Each block's elements, one work-item each, summed per block.
entry block_sums [n] (xs: [n]i32) (b: i64) : []i32 =
  let nb = n / b
  in loop acc = replicate nb 0 for s < nb do
       let blk = tabulate b (\q -> xs[s * b + q] * 1)
       in acc with [s] = i32.sum blk

-- ==
-- entry: block_sums_rounded_up
-- input { [1, 2, 3, 4, 5, 6] 2i64 }
-- output { [3, 7, 11] }
-- input { [1, 2, 3, 4, 5, 6, 7] 2i64 }
-- error: out of bounds

entry block_sums_rounded_up [n] (xs: [n]i32) (b: i64) : []i32 =
  let nb = (n + b - 1) / b
  in loop acc = replicate nb 0 for s < nb do
       let blk = tabulate b (\q -> xs[s * b + q] * 1)
       in acc with [s] = i32.sum blk
