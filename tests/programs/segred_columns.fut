-- Segmented reductions over the columns of row-major matrices (the
-- segment index the contiguous dimension): the columns strategy of
-- backend/segred_columns.go, every work-group over all the segments,
-- reading whole rows. segred_columns.fut.tuning takes the GPU versions
-- on any device (cpu_versions=0), so that PoCL runs this strategy too.
-- The strategy needs 2^21 elements: the larger data sets take it
-- (segment counts that do not divide the group, 64-bit values, two
-- reductions at once), the smaller ones and those with more segments
-- than half a group the groups and team strategies, with the same
-- results.
-- ==
-- entry: dots
-- input { [1f32, 2f32] [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32], [7f32, 8f32, 9f32]] }
-- output { [19f32, 23f32, 27f32] }
-- input { empty([0]f32) [[1f32, 2f32]] }
-- output { [1f32, 2f32] }
-- compiled random input { [131072]f32 [131073][16]f32 } auto output
-- compiled random input { [65536]f32 [65537][16]f32 } auto output
-- compiled random input { [1000]f32 [1001][3]f32 } auto output
-- compiled random input { [777]f32 [778][1]f32 } auto output
-- compiled random input { [300]f32 [301][200]f32 } auto output

-- ==
-- entry: colsums
-- input { empty([0][4]i32) }
-- output { [0i32, 0i32, 0i32, 0i32] }
-- compiled random input { [500000][5]i32 } auto output
-- compiled random input { [3][70]i32 } auto output

-- ==
-- entry: wide
-- compiled random input { [300000][7]f64 } auto output
-- compiled random input { [1][7]f64 } auto output

-- ==
-- entry: summax
-- compiled random input { [240000][9]i64 } auto output

entry dots [n][h] (xs: [n]f32) (w: [n + 1][h]f32) : [h]f32 =
  let l = [1f32] ++ xs :> [n + 1]f32
  in map (\col -> f32.sum (map2 (*) l col)) (transpose w)

entry colsums [n][h] (a: [n][h]i32) : [h]i32 =
  map i32.sum (transpose a)

entry wide [n][h] (a: [n][h]f64) : [h]f64 =
  map (\col -> f64.sum (map (\x -> x * 0.5) col)) (transpose a)

entry summax [n][h] (a: [n][h]i64) : ([h]i64, [h]i64) =
  unzip (map (\col -> (i64.sum col, i64.maximum col)) (transpose a))

