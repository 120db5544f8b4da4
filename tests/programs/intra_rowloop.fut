-- The intra-group version (flatten/intra.go): each row's loop of a sum
-- and a map runs on one work-group, the row in local memory. The tuning
-- file sets the suff_intra_par thresholds to 1, so that every size that
-- fits a work-group takes it: rows of 1 element, of a size that is no
-- multiple of the group size, of the largest group of current GPUs (1024
-- work-items), no rows at all, and rows longer than a device's largest
-- group, which fall back to the fully flattened version.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } auto output
-- input { [[7f32], [8f32], [9f32]] } auto output
-- input { empty([0][5]f32) } auto output
-- random input { [3][33]f32 } auto output
-- random input { [1][100]f32 } auto output
-- compiled random input { [5][1024]f32 } auto output
-- compiled random input { [2][5000]f32 } auto output
-- compiled random input { [300][257]f32 } auto output

def main [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\xs -> loop xs for i < 8 do
                let s = f32.sum xs
                in map (\x -> x - s / f32.i64 m + f32.i64 i) xs) xss
