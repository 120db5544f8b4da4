-- Intra-group versions whose loop scatters into a local array the
-- values of the map before it. In the first (Needleman-Wunsch's block
-- of side 20, constant sizes, none a multiple of 32), no cell of a
-- diagonal reads a cell of the same diagonal: the lowering fuses the
-- map into the scatter (each work-item writes its cells as it computes
-- them, one barrier a step). In the second, each step reverses the
-- array (a point reads what another writes): the scatter must see the
-- old values, so nothing is fused. Block counts 1, 3 and 70; the
-- tuning file takes the intra-group versions wherever they fit.
-- ==
-- random input { 3i32 [1][21][21]i32 } auto output
-- random input { 2i32 [3][21][21]i32 } auto output
-- compiled random input { 10i32 [70][21][21]i32 } auto output

def B : i64 = 20

def nw (pen: i32) (blk: [B + 1][B + 1]i32) : [B * B]i32 =
  let sim = tabulate_2d B B (\i j -> blk[i + 1, j + 1] % 10)
  -- Score (i, j) of the block with its borders, 0 <= i, j <= B.
  let at (inner: [B * B]i32) (i: i64) (j: i64) =
    if i == 0 then blk[0, j] else if j == 0 then blk[i, 0]
    else inner[(i - 1) * B + j - 1]
  in loop inner = replicate (B * B) 0i32 for d < 2 * B - 1 do
       let (is, vs) = unzip (tabulate B (\t ->
         let i = t + 1
         let j = d + 2 - i
         in if j < 1 || j > B then (-1, 0)
            else ((i - 1) * B + j - 1,
                  i32.max (at inner (i - 1) (j - 1) + sim[i - 1, j - 1])
                          (i32.max (at inner i (j - 1)) (at inner (i - 1) j) - pen))))
       in scatter inner is vs

-- Each even step reverses the row of B + 4 elements, each odd one
-- leaves it in place, and each adds the step.
def rev (blk: [B + 1][B + 1]i32) : [B + 4]i32 =
  let sq = tabulate_2d B B (\i j -> blk[i, j] * 2)
  in loop a = tabulate (B + 4) (\i -> sq[i % B, (i * 3) % B] + i32.i64 i) for k < 5 do
       let (is, vs) = unzip (tabulate (B + 4) (\i ->
                        let j = B + 3 - i
                        in (if k % 2 == 0 then i else j, a[j] + i32.i64 k)))
       in scatter a is vs

def main [n] (pen: i32) (blks: [n][B + 1][B + 1]i32) : ([n][B * B]i32, [n][B + 4]i32) =
  (map (nw pen) blks, map rev blks)
