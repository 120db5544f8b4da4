-- An LU factorisation (no pivoting) of a small block per map element,
-- as in the diagonal blocks of a blocked LU decomposition: each step of
-- the loop is a tabulate_2d over the block, which the intra-group version
-- runs as a two-dimensional segmap over the group's work-items, the block
-- double buffered in local memory. The blocks are diagonally dominant.
-- Sizes: b*b of 1, of 25 (no multiple of a warp), of 1024 (the largest
-- group of current GPUs) and of 1600 (past it: the fallback there). The
-- tuning file takes the intra-group versions wherever they fit.
-- ==
-- input { 2i64 1i64 } auto output
-- input { 3i64 5i64 } auto output
-- input { 1i64 8i64 } auto output
-- compiled input { 7i64 32i64 } auto output
-- compiled input { 2i64 40i64 } auto output
-- compiled input { 100i64 12i64 } auto output

def lu_block [b] (blk: [b][b]f32) : [b][b]f32 =
  loop blk for k < b do
    let piv = blk[k, k]
    in tabulate_2d b b (\i j ->
         let x = blk[i, j]
         in if i <= k || j < k then x
            else if j == k then x / piv
            else x - blk[i, k] / piv * blk[k, j])

def main (n: i64) (b: i64) : [n][b][b]f32 =
  map (\p -> lu_block (tabulate_2d b b (\i j ->
                 f32.i64 ((p * 7 + i * 3 + j * 5) % 11) / 11
                 + if i == j then f32.i64 b else 0))) (iota n)
