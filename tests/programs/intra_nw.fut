-- Needleman-Wunsch-style blocks: per map element, a block of scores
-- whose first row and column are given is filled anti-diagonal by
-- anti-diagonal, each a map over the diagonal's cells whose values a
-- scatter writes into the block in place. The intra-group version keeps
-- the block in local memory (its scatter writes the loop's buffer, no
-- copy per step) and runs each diagonal on the group's work-items. Block
-- sides of 2, 6, 17 (the Rodinia code's 16 plus a border) and 40; the
-- tuning file takes the intra-group versions wherever they fit.
-- ==
-- input { 3i32 [[[1i32, 2i32], [3i32, 4i32]]] } auto output
-- random input { 2i32 [3][6][6]i32 } auto output
-- compiled random input { 10i32 [5][17][17]i32 } auto output
-- compiled random input { 1i32 [200][17][17]i32 } auto output
-- random input { 4i32 [2][40][40]i32 } auto output

def main [n][m] (pen: i32) (blks: [n][m][m]i32) : [n][m][m]i32 =
  let b = m - 1
  in map (\blk0 ->
       loop blk = copy blk0 for d < 2 * b - 1 do
         -- Cell (k+1, d-k+1) of the diagonal, for each row k that has one.
         let cells = map (\k -> let j = d - k + 1
                                in if j >= 1 && j <= b then (k + 1, j) else (-1, -1)) (iota b)
         let vs = map (\(i, j) ->
                         if i < 0 then 0
                         else i32.max (blk[i - 1, j - 1] + blk[i, j] % 10)
                                      (i32.max (blk[i - 1, j] - pen) (blk[i, j - 1] - pen))) cells
         let (is, js) = unzip cells
         in scatter_2d blk (zip is js) vs) blks
