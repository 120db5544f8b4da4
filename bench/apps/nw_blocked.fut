-- Needleman-Wunsch (Rodinia's nw), blocked as the hand-written GPU codes
-- are: the score matrix's interior is cut into B x B blocks; the blocks of
-- one anti-diagonal of blocks depend only on earlier ones, so each such
-- diagonal of blocks is one parallel step, a map over its blocks. A block
-- needs only the row of scores above it and the column left of it: it
-- sweeps its own 2B-1 anti-diagonals in a B x B array, each a map over
-- the block's B rows (one work-group per block, the array in
-- local memory, where the compiler makes an intra-group version). That is
-- 2n/B - 1 steps for the whole matrix instead of one per anti-diagonal.
--
-- Same entry point and results as nw.fut. n need not be a multiple of B:
-- the matrix is padded to one below and to the right, and since a score
-- depends only on scores above and left of it, the padding changes none
-- of the real ones; it is cut off at the end.
-- ==
-- input @ data/nw-5.in output @ data/nw-5.out
-- input @ data/nw-64.in output @ data/nw-64.out
-- input @ data/nw-70.in output @ data/nw-70.out
-- notest random input { 10i32 [2048][2048]i32 }
-- notest random input { 10i32 [4096][4096]i32 }

-- The block's side: 32, as the CUDA baseline's.
def B : i64 = 32

-- The scores of block (bi, bj) of the interior, from the scores s of the
-- whole padded matrix (flat, rows of w), in which the row above the block
-- and the column left of it are final. No array of the block's work has
-- more than B * B elements (a work-group's worth).
def block [n][ww] (penalty: i32) (ref: [n][n]i32) (s: [ww]i32) (w: i64)
                  (bi: i64) (bj: i64) : [B][B]i32 =
  -- Score row r0 and column c0 are the block's borders.
  let r0 = bi * B
  let c0 = bj * B
  let north = tabulate (B + 1) (\j -> s[r0 * w + c0 + j])
  let west = tabulate B (\i -> s[(r0 + 1 + i) * w + c0])
  let sim = tabulate_2d B B (\i j ->
              let gi = r0 + i
              let gj = c0 + j
              in if gi < n && gj < n then ref[gi, gj] else 0)
  -- Score (i, j) of the block with its borders (0 <= i, j <= B), from the
  -- interior so far (flat, rows of B).
  let at (inner: [B * B]i32) (i: i64) (j: i64) =
    if i == 0 then north[j]
    else if j == 0 then west[i - 1]
    else inner[(i - 1) * B + j - 1]
  let inner =
    -- Anti-diagonal i + j = d + 2 of the block, i and j from 1 to B: cell
    -- t is on row t + 1, where that row meets the diagonal.
    loop inner = replicate (B * B) 0i32 for d < 2 * B - 1 do
      let (is, vs) = unzip (tabulate B (\t ->
        let i = t + 1
        let j = d + 2 - i
        in if j < 1 || j > B then (-1, 0)
           else let m = at inner (i - 1) (j - 1) + sim[i - 1, j - 1]
                let g = i32.max (at inner i (j - 1)) (at inner (i - 1) j) - penalty
                in ((i - 1) * B + j - 1, i32.max m g)))
      in scatter inner is vs
  in unflatten inner

def main [n] (penalty: i32) (ref: [n][n]i32) : [][]i32 =
  let nb = (n + B - 1) / B
  let w = nb * B + 1
  let border = tabulate (w * w) (\k ->
                 let i = k / w
                 let j = k % w
                 in if i == 0 then -(i32.i64 j) * penalty
                    else if j == 0 then -(i32.i64 i) * penalty
                    else 0)
  let scores =
    -- The blocks (bi, bj) with bi + bj = d.
    loop s = border for d < 2 * nb - 1 do
      let lo = i64.max 0 (d - nb + 1)
      let cnt = i64.min d (nb - 1) - lo + 1
      let blocks = tabulate cnt (\k -> block penalty ref s w (lo + k) (d - lo - k))
      let (is, vs) = unzip (tabulate (cnt * B * B) (\q ->
        let k = q / (B * B)
        let i = q % (B * B) / B
        let j = q % B
        let bi = lo + k
        let bj = d - bi
        in ((bi * B + 1 + i) * w + bj * B + 1 + j, blocks[k, i, j])))
      in scatter s is vs
  let v = n + 1
  in tabulate_2d v v (\i j -> scores[i * w + j])
