-- LU decomposition without pivoting (Rodinia's lud), blocked as the
-- hand-written GPU codes are: the matrix is held as nb x nb blocks of
-- B x B, and each step s factors diagonal block (s, s), solves the blocks
-- right of it and below it against it (a map over those blocks), and
-- updates the trailing blocks by their products (a map over pairs of
-- blocks). Every piece of work on a block is one map element whose body
-- works on the block alone, so that it can run on one work-group with the
-- block in local memory (the compiler's intra-group versions), and the
-- step's results are written into the blocked matrix in place.
--
-- Same entry point and results as lud.fut (L below the diagonal, its unit
-- diagonal left out, U on and above it; the matrix must not need
-- pivoting). n need not be a multiple of B: the matrix is padded to one
-- with the identity, whose LU factors are the identity's, and the padding
-- is cut off at the end.
-- ==
-- input @ data/lud-8.in output @ data/lud-8.out
-- input @ data/lud-40.in output @ data/lud-40.out
-- input @ data/lud-96.in output @ data/lud-96.out
-- script input { gen 64i64 }
-- notest script input { gen 2048i64 }

-- The block's side: 32, as the CUDA baseline's.
def B : i64 = 32

-- Factors a diagonal block in place, Doolittle's way: step i finishes
-- row i of U and then column i of L, each a map over the block's side.
def lu_block (blk: [B][B]f32) : [B][B]f32 =
  loop a = copy blk for i < B do
    let row = tabulate B (\j ->
                if j < i then a[i, j]
                else a[i, j] - (loop acc = 0f32 for k < i do acc + a[i, k] * a[k, j]))
    let a[i] = row
    let col = tabulate B (\j ->
                if j <= i then a[j, i]
                else (a[j, i] - (loop acc = 0f32 for k < i do acc + a[j, k] * a[k, i])) / a[i, i])
    let a[:, i] = col
    in a

-- A block right of the diagonal one, L11^-1 A: forward substitution down
-- each column (L's unit diagonal left out).
def solve_upper (d: [B][B]f32) (blk: [B][B]f32) : [B][B]f32 =
  transpose (map (\col ->
    loop y = copy col for i < B do
      y with [i] = y[i] - (loop acc = 0f32 for k < i do acc + d[i, k] * y[k]))
    (transpose blk))

-- A block below the diagonal one, A U11^-1: substitution along each row.
def solve_lower (d: [B][B]f32) (blk: [B][B]f32) : [B][B]f32 =
  map (\row ->
    loop x = copy row for j < B do
      x with [j] = (x[j] - (loop acc = 0f32 for k < j do acc + x[k] * d[k, j])) / d[j, j])
    blk

-- A trailing block less the product of its row's block of L and its
-- column's block of U.
def update (l: [B][B]f32) (u: [B][B]f32) (blk: [B][B]f32) : [B][B]f32 =
  let ut = transpose u
  in map2 (\lrow brow -> map2 (\ucol x -> x - f32.sum (map2 (*) lrow ucol)) ut brow) l blk

def main [n] (a: [n][n]f32) : [n][n]f32 =
  let nb = (n + B - 1) / B
  let blocked = tabulate_2d nb nb (\bi bj -> tabulate_2d B B (\i j ->
                  let gi = bi * B + i
                  let gj = bj * B + j
                  in if gi < n && gj < n then a[gi, gj]
                     else if gi == gj then 1 else 0))
  let blocked =
    loop m = blocked for s < nb do
      let d = (map lu_block [m[s, s]])[0]
      let r = nb - s - 1
      let top = map (solve_upper d) (m[s, s + 1:] :> [r][B][B]f32)
      let left = map (solve_lower d) (m[s + 1:, s] :> [r][B][B]f32)
      let inner = map2 (\l row -> map2 (update l) top row) left
                       (m[s + 1:, s + 1:] :> [r][r][B][B]f32)
      let m[s, s] = d
      let m[s, s + 1:] = top
      let m[s + 1:, s] = left
      let m[s + 1:, s + 1:] = inner
      in m
  in tabulate_2d n n (\i j -> blocked[i / B, j / B, i % B, j % B])

-- A hash of an index (for the generator below).
def hash (x: i64) : u32 =
  let x = u32.i64 x
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  in (x >> 16) ^ x

-- Uniform in [0, 1), from a hash.
def unit (x: i64) : f32 = f32.u32 (hash x >> 8) / 16777216

-- An n x n matrix of pseudo-random values in [0, 1) plus n on the
-- diagonal: diagonally dominant, so main needs no pivoting (lud.fut's).
entry gen (n: i64) : [n][n]f32 =
  tabulate_2d n n (\i j -> unit (i * n + j) + if i == j then f32.i64 n else 0)
