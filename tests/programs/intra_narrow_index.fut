-- Blocked Needleman-Wunsch (as bench/apps/nw_blocked.fut) with blocks of
-- side 20, a constant: the intra-group kernel's step indices (the
-- anti-diagonal d < 39, the cell t < 20, the cell's row and column, the
-- offsets into the block, the -1 of cells off the diagonal, a clamped
-- column) provably fit 32 bits (prove.Narrow), and the kernel holds and
-- computes them in int (the group plan's narrow line); the block's place
-- in the matrix, n unbounded, stays 64 bits. Sides 1, 19, 20, 21 and 45:
-- one partial block, a block and one cell more, several blocks, none a
-- multiple of 32. The tuning file takes the intra-group version wherever
-- it fits, and a group of 64 work-items, fewer than the block's 400 cells.
-- ==
-- input { 10i32 [[3i32]] } auto output
-- random input { 10i32 [19][19]i32 } auto output
-- random input { 2i32 [20][20]i32 } auto output
-- random input { 7i32 [21][21]i32 } auto output
-- compiled random input { 10i32 [45][45]i32 } auto output

def B : i64 = 20

def block [n][ww] (penalty: i32) (ref: [n][n]i32) (s: [ww]i32) (w: i64)
                  (bi: i64) (bj: i64) : [B][B]i32 =
  let r0 = bi * B
  let c0 = bj * B
  let north = tabulate (B + 1) (\j -> s[r0 * w + c0 + j])
  let west = tabulate B (\i -> s[(r0 + 1 + i) * w + c0])
  let sim = tabulate_2d B B (\i j ->
              let gi = r0 + i
              let gj = c0 + j
              in if gi < n && gj < n then ref[gi, gj] % 16 else 0)
  let at (inner: [B * B]i32) (i: i64) (j: i64) =
    if i == 0 then north[j]
    else if j == 0 then west[i - 1]
    else inner[(i - 1) * B + j - 1]
  let inner =
    loop inner = replicate (B * B) 0i32 for d < 2 * B - 1 do
      let (is, vs) = unzip (tabulate B (\t ->
        let i = t + 1
        let j = d + 2 - i
        in if j < 1 || j > B then (-1, 0)
           else let m = at inner (i - 1) (j - 1) + sim[i - 1, i64.min (j - 1) (B - 1)]
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
