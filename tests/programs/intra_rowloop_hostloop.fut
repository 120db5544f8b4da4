-- intra_rowloop.fut with the loop on the host: its tuning file turns
-- down the intra-group version of the whole loop and takes the one of
-- each step (a work-group per row sums it and maps it, one launch per
-- step).
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
