-- Sparse matrix-vector product in compressed sparse row form: the row
-- lengths become segment flags (rows may be empty), the products are
-- summed per row with segmented_reduce, and empty rows are put back with
-- zeros.
-- ==
-- input { [1i64] [0i64] [1.0f64] [3.0f64] }
-- output { [3.0f64] }
-- input { [2i64, 0i64, 1i64, 3i64] [0i64, 2i64, 1i64, 0i64, 1i64, 2i64] [2.0f64, 1.0f64, -1.0f64, 1.0f64, 1.0f64, 1.0f64] [1.0f64, 2.0f64, 3.0f64] }
-- output { [5.0f64, 0.0f64, -2.0f64, 6.0f64] }
-- input { [0i64, 0i64, 1i64, 0i64] [3i64] [4.0f64] [1.0f64, 1.0f64, 1.0f64, 0.25f64] }
-- output { [0.0f64, 0.0f64, 1.0f64, 0.0f64] }
-- input { [0i64, 1i64, 2i64, 3i64, 0i64, 1i64, 2i64] [0i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 0i64, 1i64] [1.0f64, 2.0f64, 3.0f64, 3.0f64, 4.0f64, 5.0f64, 5.0f64, 6.0f64, 7.0f64] [0.5f64, -1.0f64, 2.0f64, 4.0f64] }
-- output { [0.0f64, 0.5f64, -2.0f64, 7.5f64, 0.0f64, 2.5f64, -4.0f64] }

import "lib/github.com/fcclang/segmented/segmented"

def main [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]f64) (x: [m]f64) : [r]f64 =
  let starts = map2 (-) (scan (+) 0 lens) lens
  let flags = scatter (replicate nnz false) (map2 (\s l -> if l > 0 then s else -1) starts lens)
                      (replicate r true)
  let products = map2 (\c v -> v * x[c]) cols vals
  let sums = segmented_reduce (+) 0 flags products
  -- The k'th non-empty row owns sums[k].
  let nonempty = map (\l -> if l > 0 then 1 else 0) lens
  let slot = map2 (-) (scan (+) 0 nonempty) nonempty
  in map2 (\l k -> if l > 0 then sums[k] else 0) lens slot
