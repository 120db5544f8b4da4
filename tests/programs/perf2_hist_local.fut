-- Histograms with a producer map and a replicate fused into the
-- histogram kernel (rewrite: fuse-hist-map, fuse-hist-replicate), and
-- small histograms built in local memory (backend: segHistLocal), for
-- +, min and max on i32, u32 and f32; bins 0, 1 and odd counts; indices
-- out of range are ignored.
-- ==
-- entry: counts
-- input { 3i64 [0u32, 4u32, 5u32, 7u32, 9u32, 2u32, 2u32] }
-- output { [2i32, 2i32, 3i32] }
-- input { 1i64 [3u32, 1u32] }
-- output { [2i32] }
-- input { 5i64 empty([0]u32) }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32] }

-- ==
-- entry: mins
-- input { 3i64 [5i64, -1i64, 2i64, 7i64, 3i64] [4i32, 9i32, 8i32, -6i32, 1i32] }
-- output { [8i32, 1i32, 2147483647i32] }

-- ==
-- entry: maxs
-- input { 2i64 [0i64, 1i64, 0i64, 5i64] [4u32, 9u32, 8u32, 6u32] }
-- output { [8u32, 9u32] }

-- ==
-- entry: fsum
-- input { 4i64 [0i64, 3i64, 3i64, 9i64, 1i64, 0i64] [1f32, 2f32, 3.5f32, 8f32, -2f32, 0.25f32] }
-- output { [1.25f32, -2f32, 0f32, 5.5f32] }
-- input { 0i64 [0i64, 3i64] [1f32, 2f32] }
-- output { empty([0]f32) }

-- ==
-- entry: two
-- input { 3i64 [1i64, 2i64, 1i64, 4i64, 0i64] }
-- output { [1i32, 2i32, 1i32] [0i32, -1i32, 0i32] }

-- ==
-- entry: big
-- input { 20011i64 37i64 }
-- output { [541i32, 541i32, 540i32, 540i32, 541i32, 541i32, 541i32, 541i32, 541i32, 542i32, 542i32, 542i32, 542i32, 541i32, 542i32, 541i32, 540i32, 541i32, 539i32, 541i32, 541i32, 540i32, 542i32, 542i32, 542i32, 542i32, 540i32, 541i32, 540i32, 539i32, 540i32, 539i32, 540i32, 541i32, 541i32, 541i32, 540i32] [1085.0f32, 1086.0f32, 1075.0f32, 1087.0f32, 1072.0f32, 1083.0f32, 1084.0f32, 1080.0f32, 1093.0f32, 1075.0f32, 1087.0f32, 1084.0f32, 1081.0f32, 1089.0f32, 1075.0f32, 1084.0f32, 1080.0f32, 1081.0f32, 1085.0f32, 1076.0f32, 1087.0f32, 1074.0f32, 1083.0f32, 1090.0f32, 1077.0f32, 1089.0f32, 1074.0f32, 1083.0f32, 1088.0f32, 1073.0f32, 1086.0f32, 1069.0f32, 1081.0f32, 1086.0f32, 1077.0f32, 1088.0f32, 1073.0f32] }

-- ==
-- entry: rows
-- input { [[0i64, 1i64, 1i64], [2i64, 2i64, 0i64]] }
-- output { [[1i32, 2i32, 0i32], [1i32, 0i32, 2i32]] }

entry counts [n] (bins: i64) (xs: [n]u32) : [bins]i32 =
  hist (+) 0 bins (map (\x -> i64.u32 x % bins) xs) (replicate n 1)

entry mins [n] (k: i64) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  reduce_by_index (replicate k i32.highest) i32.min i32.highest (map (\i -> i - 2) is) vs

entry maxs [n] (k: i64) (is: [n]i64) (vs: [n]u32) : [k]u32 =
  hist u32.max 0 k is vs

entry fsum [n] (k: i64) (is: [n]i64) (vs: [n]f32) : [k]f32 =
  hist (+) 0 k is vs

-- Two histograms over the same input.
entry two [n] (k: i64) (is: [n]i64) : ([k]i32, [k]i32) =
  (hist (+) 0 k is (replicate n 1), hist (+) 0 k (map (\i -> i - 1) is) (map (\i -> 1 - i32.i64 i) is))

-- A histogram per row: segmented, global atomics.
entry rows [m] [n] (iss: [m][n]i64) : [m][n]i32 =
  map (\is -> hist (+) 0 n is (replicate n 1)) iss

-- Many work-groups, each merging its local histogram into the result.
entry big (n: i64) (k: i64) : ([k]i32, [k]f32) =
  let is = map (\i -> ((i * 7919) % 1000003) % k) (iota n)
  in (hist (+) 0 k is (replicate n 1), hist (+) 0 k is (map (\i -> f32.i64 (i % 5)) (iota n)))
