-- The functions of pi*x and rsqrt of Futhark's float modules, on the
-- host and in kernels; sinpi and cospi are exact at integers and halves.
-- ==
-- entry: host
-- input { 0.5f64 0.25f32 }
-- output { 1f64 0f64 1f64 0.16666666666666666f64 0.3333333333333333f64 0.25f64 0.25f64 0.5f32 0.7071067f32 }

-- ==
-- entry: in_kernel
-- input { [1f32, 0.5f32, 2f32, 4f32] }
-- output { [0f32, 1f32, 0f32, 0f32] [-1f32, 0f32, 1f32, 1f32] [1f32, 1.4142135f32, 0.70710677f32, 0.5f32] }

entry host (x: f64) (y: f32) =
  (f64.sinpi x, f64.cospi x, f64.tanpi (x / 2), f64.asinpi x, f64.acospi x, f64.atanpi 1, f64.atan2pi 1 1,
   f32.rsqrt (y * 16), f32.sinpi y)

entry in_kernel (xs: []f32) = (map f32.sinpi xs, map f32.cospi xs, map f32.rsqrt xs)
