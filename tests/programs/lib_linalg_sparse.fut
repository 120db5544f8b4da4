-- The linalg package's sparse matrices (linalg/sparse.fut, which imports
-- the segmented package as "../segmented/segmented"): products with
-- vectors and dense forms over i32 and f64, empty rows included.
-- ==
-- entry: ints
-- input { [1i64] [0i64] [5] [3] }
-- output { [15] [[5]] }
-- input { [2i64, 0i64, 1i64, 3i64] [0i64, 2i64, 1i64, 0i64, 1i64, 2i64] [2, 1, -1, 1, 1, 1] [1, 2, 3] }
-- output { [5, 0, -2, 6] [[2, 0, 1], [0, 0, 0], [0, -1, 0], [1, 1, 1]] }
-- input { [0i64, 0i64, 1i64, 0i64] [3i64] [4] [1, 1, 1, 7] }
-- output { [0, 0, 28, 0] [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0]] }

-- ==
-- entry: reals
-- input { [1i64] [1i64] [0.5f64] [3.0f64, -2.0f64] }
-- output { [-1.0f64] [[0.0f64, 0.5f64]] }
-- input { [2i64, 0i64, 1i64, 3i64] [0i64, 2i64, 1i64, 0i64, 1i64, 2i64] [2.0f64, 1.0f64, -1.0f64, 1.0f64, 1.0f64, 1.0f64] [0.5f64, 0.25f64, 2.0f64] }
-- output { [3.0f64, 0.0f64, -0.25f64, 2.75f64] [[2.0f64, 0.0f64, 1.0f64], [0.0f64, 0.0f64, 0.0f64], [0.0f64, -1.0f64, 0.0f64], [1.0f64, 1.0f64, 1.0f64]] }
-- input { [0i64, 1i64, 2i64, 3i64, 0i64, 1i64, 2i64] [0i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 0i64, 1i64] [0.25f64, 0.5f64, 0.75f64, 0.75f64, 1.0f64, 1.25f64, 1.25f64, 1.5f64, 1.75f64] [0.5f64, -1.0f64, 2.0f64, 4.0f64] }
-- output { [0.0f64, 0.125f64, -0.5f64, 1.875f64, 0.0f64, 0.625f64, -1.0f64] [[0.0f64, 0.0f64, 0.0f64, 0.0f64], [0.25f64, 0.0f64, 0.0f64, 0.0f64], [0.5f64, 0.75f64, 0.0f64, 0.0f64], [0.75f64, 1.0f64, 1.25f64, 0.0f64], [0.0f64, 0.0f64, 0.0f64, 0.0f64], [1.25f64, 0.0f64, 0.0f64, 0.0f64], [1.5f64, 1.75f64, 0.0f64, 0.0f64]] }

import "lib/github.com/fcclang/linalg/sparse"

module sp32 = mk_sparse i32
module sp64 = mk_sparse f64

entry ints [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]i32) (x: [m]i32) : ([r]i32, [r][m]i32) =
  let a : sp32.csr [r][nnz] = {lens, cols, vals}
  in (sp32.spmv a x, sp32.to_dense a m)

entry reals [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]f64) (x: [m]f64) : ([r]f64, [r][m]f64) =
  let a : sp64.csr [r][nnz] = {lens, cols, vals}
  in (sp64.spmv a x, sp64.to_dense a m)
