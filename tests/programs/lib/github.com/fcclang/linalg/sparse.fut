-- | Sparse matrices in compressed sparse row form, over any numeric
-- type.  The products are segmented reductions from the segmented
-- package, imported relatively.

import "../segmented/segmented"

module mk_sparse (T: numeric) = {
  type t = T.t

  -- | Row lengths, then the column and value of every non-zero, row by
  -- row.
  type csr [r][nnz] = {lens: [r]i64, cols: [nnz]i64, vals: [nnz]t}

  -- | The matrix times a vector; empty rows give zero.
  def spmv [r][nnz][m] (a: csr [r][nnz]) (x: [m]t) : [r]t =
    let starts = map2 (-) (scan (+) 0 a.lens) a.lens
    let flags = scatter (replicate nnz false)
                        (map2 (\s l -> if l > 0 then s else -1) starts a.lens)
                        (replicate r true)
    let sums = segmented_reduce (T.+) (T.i32 0) flags (map2 (\c v -> v T.* x[c]) a.cols a.vals)
    -- The k'th non-empty row owns sums[k].
    let nonempty = map (\l -> if l > 0 then 1 else 0) a.lens
    let slot = map2 (-) (scan (+) 0 nonempty) nonempty
    in map2 (\l k -> if l > 0 then sums[k] else T.i32 0) a.lens slot

  -- | The row of every non-zero.
  def rows [r][nnz] (a: csr [r][nnz]) : [nnz]i64 =
    replicated_iota a.lens :> [nnz]i64

  -- | The dense form of the matrix.
  def to_dense [r][nnz] (a: csr [r][nnz]) (m: i64) : [r][m]t =
    let owner = rows a
    in tabulate_2d r m (\i j ->
         T.sum (map3 (\o c v -> if o == i && c == j then v else T.i32 0) owner a.cols a.vals))
}
