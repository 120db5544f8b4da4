-- reduce_by_index in two and three dimensions (indices outside the
-- destination in any dimension are ignored), f32.from_fraction and
-- opaque.
-- ==
-- entry: hist2d
-- input { [1, 2, 3, 4, 5] [0i64, 1i64, 0i64, 2i64, -1i64] [1i64, 0i64, 1i64, 2i64, 0i64] }
-- output { [[0, 4], [2, 0]] }
-- compiled random input { [10000]i32 [10000]i64 [10000]i64 } auto output

-- ==
-- entry: hist3d
-- input { [1, 2, 3] [1i64, 1i64, 0i64] [1i64, 1i64, 2i64] [1i64, 1i64, 0i64] }
-- output { [[[0, 0], [0, 0]], [[0, 0], [0, 3]]] }

-- ==
-- entry: fraction
-- input { 1i64 4i64 } output { 0.25f32 0.25f64 }

entry hist2d [k] (xs: [k]i32) (is: [k]i64) (js: [k]i64) : [2][2]i32 =
  reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 (zip is (map (% 3) js)) xs

entry hist3d [k] (xs: [k]i32) (is: [k]i64) (js: [k]i64) (hs: [k]i64) : [2][2][2]i32 =
  reduce_by_index_3d (replicate 2 (replicate 2 (replicate 2 0))) (+) 0 (zip3 is js hs) (opaque xs)

entry fraction (x: i64) (y: i64) = (f32.from_fraction x y, f64.from_fraction x y)
