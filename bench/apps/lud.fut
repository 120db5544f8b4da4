-- LU decomposition without pivoting (Rodinia's lud), blocked: for each
-- diagonal block, factor the block, solve the row and column panels
-- beside it against it, and update the trailing matrix by the panels'
-- product. The result holds L below the diagonal (its unit diagonal left
-- out) and U on and above it. The matrix must not need pivoting (the
-- driver and the entry point gen make it diagonally dominant).
-- ==
-- input @ data/lud-8.in output @ data/lud-8.out
-- input @ data/lud-40.in output @ data/lud-40.out
-- input @ data/lud-96.in output @ data/lud-96.out
-- script input { gen 64i64 }
-- notest script input { gen 2048i64 }

-- The block: 32 when the size allows, else the largest power of two that
-- divides it.
def block_size (n: i64) : i64 =
  loop b = 32 while n % b != 0 do b / 2

-- Factors a small block in place, column by column.
def lu_block [b] (blk: [b][b]f32) : [b][b]f32 =
  loop blk for k < b do
    let piv = blk[k, k]
    in tabulate_2d b b (\i j ->
         let x = blk[i, j]
         in if i <= k || j < k then x
            else if j == k then x / piv
            else x - blk[i, k] / piv * blk[k, j])

def main [n] (a: [n][n]f32) : [n][n]f32 =
  let b = block_size n
  in loop a for s < n / b do
       let k = s * b
       let d = lu_block (tabulate_2d b b (\i j -> a[k + i, k + j]))
       -- The row panel, U12 = L11^-1 A12, for every column (only those
       -- right of the block are used): forward substitution.
       let u12 =
         transpose (tabulate n (\j ->
           loop y = tabulate b (\i -> a[k + i, j]) for i < b do
             let s = loop s = 0f32 for q < i do s + d[i, q] * y[q]
             in y with [i] = y[i] - s))
       -- The column panel, L21 = A21 U11^-1, for every row.
       let l21 =
         tabulate n (\i ->
           loop x = tabulate b (\j -> a[i, k + j]) for j < b do
             let s = loop s = 0f32 for q < j do s + x[q] * d[q, j]
             in x with [j] = (x[j] - s) / d[j, j])
       in tabulate_2d n n (\i j ->
            if i < k || j < k then a[i, j]
            else if i < k + b && j < k + b then d[i - k, j - k]
            else if i < k + b then u12[i - k, j]
            else if j < k + b then l21[i, j - k]
            else a[i, j] - (loop acc = 0f32 for q < b do acc + l21[i, q] * u12[q, j]))

-- A hash of an index (for the generator below).
def hash (x: i64) : u32 =
  let x = u32.i64 x
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  in (x >> 16) ^ x

-- Uniform in [0, 1), from a hash.
def unit (x: i64) : f32 = f32.u32 (hash x >> 8) / 16777216

-- An n x n matrix of pseudo-random values in [0, 1) plus n on the
-- diagonal: diagonally dominant, so main needs no pivoting.
entry gen (n: i64) : [n][n]f32 =
  tabulate_2d n n (\i j -> unit (i * n + j) + if i == j then f32.i64 n else 0)
