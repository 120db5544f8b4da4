-- Found by fcc difftest (backend_segmap_panic): host code generation
-- panicked with "index out of range [0] with length 0" in segMap. The map's
-- result was unused, so the optimiser removed every result of the map but
-- kept the assertion of the size coercion in its body, leaving a SegMap
-- that binds nothing,
--   let {} = segmap_thread (gtid_1 < n_1) : {} body { assert ... }
-- and the backend named the kernel after the first (missing) result. Such
-- a kernel now gets a fresh name and runs for its checks.
-- (f7 is the original program: the frontend now knows the loop's size, so
-- its coercion needs no check; f8 still has a map whose only effect is
-- the coercion's check.)
-- ==
-- entry: f7
-- input {
--   empty([0]f32)
--   empty([0]u64)
--   empty([0][0]u32)
--   0i8
-- }
-- output {
--   empty([0]f32)
-- }

-- ==
-- entry: f8
-- input { 2i64 3i64 3i64 }
-- output { [0f32, 0f32, 0f32] }
-- input { 0i64 3i64 2i64 }
-- output { [0f32, 0f32, 0f32] }
-- input { 2i64 3i64 2i64 }
-- error: coerced

entry f7 [n][m] (xs1: [n]f32) (ys2: [m]u64) (zss3: [n][m]u32) (a4: i8) =
  let v7 = (map2 (\p8 p14 -> (map2 (\p21 p23 -> 0i64) (replicate m 0i64) ((loop acc24 = (replicate m 0i8) for ix25 < 0i64 do acc24) :> [m]i8))) (replicate n 0f32) (replicate n (replicate m 0i64)))
  let v26 = (replicate m 0f32)
  in v26

entry f8 (n: i64) (m: i64) (k: i64) =
  let v7 = map (\i -> (iota (k + i * 0)) :> [m]i64) (iota n)
  in replicate m 0f32
