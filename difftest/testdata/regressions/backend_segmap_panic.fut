-- Found by fcc difftest: the OpenCL backend panics while generating host
-- code (not a "not yet supported" error):
--   panic: runtime error: index out of range [0] with length 0
--   backend.(*hgen).segMap at backend/segop.go:152
--   backend.(*hgen).stm at backend/host.go:341
-- The interpreter runs the program at every pass.
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

entry f7 [n][m] (xs1: [n]f32) (ys2: [m]u64) (zss3: [n][m]u32) (a4: i8) =
  let v7 = (map2 (\p8 p14 -> (map2 (\p21 p23 -> 0i64) (replicate m 0i64) ((loop acc24 = (replicate m 0i8) for ix25 < 0i64 do acc24) :> [m]i8))) (replicate n 0f32) (replicate n (replicate m 0i64)))
  let v26 = (replicate m 0f32)
  in v26
