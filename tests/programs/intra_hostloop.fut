-- A host loop of parallel steps on one block (lud.fut's lu_block: no map
-- around it): its intra-group version runs the whole loop on one
-- work-group, a segmap_group of one point, the block in local memory,
-- instead of a kernel launch per step. Sides of 1, 6 and 17, and 40,
-- whose 1600 points are past the interpreter's group limit (the loop of
-- kernels); the tuning file takes the intra-group version where it fits.
-- ==
-- input { [[2f32]] } auto output
-- random input { [6][6]f32 } auto output
-- compiled random input { [17][17]f32 } auto output
-- random input { [40][40]f32 } auto output

def main [b] (blk0: [b][b]f32) : [b][b]f32 =
  -- Diagonally dominant, so that no pivot is zero.
  let blk0 = tabulate_2d b b (\i j -> blk0[i, j] + if i == j then f32.i64 (2 * b) else 0)
  in loop blk = blk0 for k < b do
       let piv = blk[k, k]
       in tabulate_2d b b (\i j ->
            let x = blk[i, j]
            in if i <= k || j < k then x
               else if j == k then x / piv
               else x - blk[i, k] / piv * blk[k, j])
